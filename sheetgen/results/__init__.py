"""Results: a game's results read (YAML files, filled PDF forms, guided entry), checked,
scored and reported.

    document.py  the located-value document: values and where each was written
    yaml.py      the YAML reader (safe, bounded, every value located)
    forms.py     a fillable sheet's form: its fields <-> results values
    pdf.py       filled PDF forms read back into a document
    model.py     the results model and the scorer (Model, Context, Reader, Scorer)
    report.py    ScoreReport: ranking with tie-breakers, rendered as text or a dict
    writer.py    a results file written out (`export`, `enter`)
    entry.py     guided entry, field by field
    batch.py     many files in one run: each read, then checked (and scored)
    show.py      a batch's outcomes shown: each game's report or problems, then a summary

This package is below the games: it never looks a game up in the registry;
its callers (sheetgen.api, sheetgen.cli) hand it what it needs.
"""
