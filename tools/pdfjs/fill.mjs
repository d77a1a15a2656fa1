// Fill a PDF form with pdf.js (as Firefox does) and save it: what the viewer's form layer does
// when a user types, ticks or picks (annotationStorage.setValue per widget), then saveDocument().
// Usage: node fill.mjs IN.pdf OUT.pdf VALUES.json   (VALUES: {"full.field.name": "text" | true | false})
// Prints one JSON line: {"log": [what could not be done]}.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

const [input, output, valuesFile] = process.argv.slice(2);
const values = JSON.parse(readFileSync(valuesFile, "utf8"));
const root = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
const doc = await getDocument({
  data: new Uint8Array(readFileSync(input)),
  standardFontDataUrl: join(root, "standard_fonts") + "/",
  verbosity: 0,
}).promise;
const fields = (await doc.getFieldObjects()) || {};
const log = [];
for (const [name, value] of Object.entries(values)) {
  const widgets = (fields[name] || []).filter((w) => w.id && w.type);  // not a group's own entry
  if (!widgets.length) {
    log.push(`${name}: pdf.js lists no such field`);
    continue;
  }
  for (const widget of widgets) {
    switch (widget.type) {
      case "text":
        doc.annotationStorage.setValue(widget.id, { value: String(value) });
        break;
      case "checkbox":
        doc.annotationStorage.setValue(widget.id, { value: Boolean(value) });
        break;
      case "radiobutton":
        // a radio widget's field object gives its on-state as exportValues
        doc.annotationStorage.setValue(widget.id, { value: (widget.exportValues ?? widget.buttonValue) === value });
        break;
      case "combobox":
      case "listbox": {
        const options = (widget.items || []).map((item) => item.exportValue ?? item.displayValue);
        if (!options.includes(value)) log.push(`${name}: pdf.js lists no option ${JSON.stringify(value)}`);
        doc.annotationStorage.setValue(widget.id, { value: String(value) });
        break;
      }
      default:
        log.push(`${name}: pdf.js field type ${widget.type} is not one a user fills`);
    }
  }
}
writeFileSync(output, await doc.saveDocument());
console.log(JSON.stringify({ log }));
await doc.destroy();
