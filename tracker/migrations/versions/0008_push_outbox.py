"""The push outbox: one row per change a page's event stream must hear of, written in the
change's own transaction and deleted once Pushpin has it (tracker/push/).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02 16:00:00

Hand-written and portable.
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "push_outbox",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("channel", sa.String(40), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_push_outbox_created_at", "push_outbox", ["created_at"])


def downgrade():
    op.drop_index("ix_push_outbox_created_at", table_name="push_outbox")
    op.drop_table("push_outbox")
