"""The app's blueprints: pages (HTML forms), api (JSON) and the error handlers."""
