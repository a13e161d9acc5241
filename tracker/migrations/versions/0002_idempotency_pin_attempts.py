"""idempotent requests, the session's edit PIN (salted hash), wrong-PIN attempts.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30 09:10:00

Hand-written and portable: SQLite gets the column through batch mode (table copy), PostgreSQL
through ALTER TABLE.
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("game_session", schema=None) as batch_op:
        batch_op.add_column(sa.Column("pin_hash", sa.String(length=255), nullable=True))

    op.create_table(
        "idempotent_request",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("scope", sa.String(length=80), nullable=False),
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("status", sa.Integer(), nullable=False),
        sa.Column("response", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("scope", "key", name="uq_idempotent_request_scope_key"),
    )

    op.create_table(
        "pin_attempt",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("client", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["session_id"], ["game_session.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("pin_attempt", schema=None) as batch_op:
        batch_op.create_index(
            "ix_pin_attempt_lookup", ["session_id", "client", "created_at"], unique=False
        )


def downgrade():
    with op.batch_alter_table("pin_attempt", schema=None) as batch_op:
        batch_op.drop_index("ix_pin_attempt_lookup")
    op.drop_table("pin_attempt")
    op.drop_table("idempotent_request")
    with op.batch_alter_table("game_session", schema=None) as batch_op:
        batch_op.drop_column("pin_hash")
