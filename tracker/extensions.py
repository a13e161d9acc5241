"""The Flask extensions, created unbound here and bound to the app in `create_app`."""

from flask_babel import Babel
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect

db = SQLAlchemy()
migrate = Migrate()
csrf = CSRFProtect()
babel = Babel()  # languages: the locale comes from web/language.py
