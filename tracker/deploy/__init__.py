"""A public server's files, as `scripts/deploy.sh` installs them: the systemd units (gunicorn,
Pushpin, the nightly backup and its timer), Caddy's Caddyfile (HTTPS in front, the event
streams to Pushpin, the rest to gunicorn, health-checked) and Pushpin's config, all made from
one `Plan` (files.py), the settings file too, its secrets made once and kept (install.py);
and their installation, which writes only what differs and says what it changed (install.py).

No Flask here: `python -m tracker.deploy` runs before the app can start."""
