"""The web layer's ground floor for imports: the page that reads an export (a session's, a
barkada's) from an uploaded file or pasted text, and says what is wrong with it."""

from __future__ import annotations

from flask import render_template, request
from flask_babel import gettext as _

from .. import core
from ..core import owners
from ..engine import Problem
from ..present.messages import problem_dict
from .forms import ImportForm
from .heavy_limits import one_import


def import_view(template: str, run, done):
    """An import page (a session's, a group's): GET shows the form; POST runs `run(source,
    seed)` on the uploaded file or the pasted text and answers `done(what it made, seed)`. A
    refusal shows the form again, saying what is wrong and which file to choose again."""
    if request.method == "GET":
        return render_template(template, form=ImportForm(), problems=[])
    seed = owners.new_seed()
    form, upload, data = ImportForm(formdata=None), None, b""
    try:
        with one_import():  # the file read whole first, at a pace; then the form made of it
            form = ImportForm()
            upload = request.files.get(form.file.name)
            data = upload.read() if upload is not None and upload.filename else b""
            made = run(_import_source(form, data), seed)
    except core.InputError as error:
        problems = [problem_dict(problem) for problem in error.problems]
        if data:
            message = _(
                "(The file was %(name)s: choose it again once it is fixed.)", name=upload.filename
            )
            problems.append({"where": "file", "message": message})
        wait = error.retry_after  # a busy server: when to try again
        headers = {"Retry-After": str(wait)} if wait else {}
        return render_template(template, form=form, problems=problems), error.status, headers
    return done(made, seed)


def _import_source(form: ImportForm, data: bytes) -> bytes | str:
    """The export to import: the uploaded file's bytes or the pasted text, exactly one."""
    if not form.validate():
        message = _("The form had expired. Please press Import again.")
        raise core.InputError([Problem("form", message)], 400)
    text = form.text.data or ""
    if data and text.strip():
        message = _("Choose a file or paste the JSON, not both: clear the pasted text or the file.")
        raise core.InputError([Problem("form", message)])
    if not data and not text.strip():
        message = _("Choose the exported .json file, or paste its text.")
        raise core.InputError([Problem("form", message)])
    return data or text
