// Render every page of a PDF with pdf.js as Firefox prints it (print intent, form values from the
// file, appearances pdf.js draws for them), one binary PPM per page: FOLDER/p1.ppm, p2.ppm, ...
// Usage: node render.mjs IN.pdf FOLDER DPI
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import { AnnotationMode, getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

const [input, folder, dpi] = process.argv.slice(2);
const root = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
const doc = await getDocument({
  data: new Uint8Array(readFileSync(input)),
  standardFontDataUrl: join(root, "standard_fonts") + "/",
  verbosity: 0,
}).promise;
for (let number = 1; number <= doc.numPages; number++) {
  const page = await doc.getPage(number);
  const viewport = page.getViewport({ scale: Number(dpi) / 72 });
  const width = Math.ceil(viewport.width);
  const height = Math.ceil(viewport.height);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.fillStyle = "white";
  context.fillRect(0, 0, width, height);
  await page.render({ canvasContext: context, canvas, viewport, intent: "print",
                      annotationMode: AnnotationMode.ENABLE_STORAGE }).promise;
  const rgba = context.getImageData(0, 0, width, height).data;
  const rgb = Buffer.alloc(width * height * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
    rgb[j] = rgba[i];
    rgb[j + 1] = rgba[i + 1];
    rgb[j + 2] = rgba[i + 2];
  }
  writeFileSync(join(folder, `p${number}.ppm`), Buffer.concat([Buffer.from(`P6 ${width} ${height} 255\n`), rgb]));
}
await doc.destroy();
