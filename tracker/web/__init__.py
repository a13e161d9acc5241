"""The thin HTTP layer: each view reads the request, calls one core function (tracker/sessions)
and turns its answer into a page, a redirect or JSON. Blueprints: pages (web/pages.py, the
round entry of web/rounds.py and the seat pages of web/seats.py, on web/blueprint.py), api
(JSON), exports; and the error pages."""
