"""owned sessions, the hashes of a session's owner key and recovery code.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30 19:30:00

Hand-written and portable: SQLite gets the columns through batch mode (table copy), PostgreSQL
through ALTER TABLE. Sessions made before stay without an owner (both NULL).
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("game_session", schema=None) as batch_op:
        batch_op.add_column(sa.Column("owner_key_hash", sa.String(length=255), nullable=True))
        batch_op.add_column(sa.Column("recovery_hash", sa.String(length=255), nullable=True))


def downgrade():
    with op.batch_alter_table("game_session", schema=None) as batch_op:
        batch_op.drop_column("recovery_hash")
        batch_op.drop_column("owner_key_hash")
