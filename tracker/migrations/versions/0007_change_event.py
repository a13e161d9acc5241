"""Every change to a session or a group kept, who made it and when: one append-only table;
and whether a round was edited since it was saved (the ledger marks it).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02 08:30:00

Hand-written and portable. Sessions and groups made before have no history until their
next change.
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "change_event",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "session_id",
            sa.Integer(),
            sa.ForeignKey("game_session.id", ondelete="CASCADE"),
            nullable=True,
        ),
        sa.Column(
            "group_id", sa.Integer(), sa.ForeignKey("barkada.id", ondelete="CASCADE"), nullable=True
        ),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("kind", sa.String(length=30), nullable=False),
        sa.Column("by", sa.String(length=40), nullable=False),
        sa.Column("round", sa.Integer(), nullable=True),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("after", sa.JSON(), nullable=True),
        sqlite_autoincrement=True,  # ids never reused, even after an erase
    )
    op.create_index("ix_change_event_session", "change_event", ["session_id", "id"])
    op.create_index("ix_change_event_group", "change_event", ["group_id", "id"])
    op.add_column(
        "round",
        sa.Column("edited", sa.Boolean(), nullable=False, server_default=sa.false()),
    )


def downgrade():
    with op.batch_alter_table("round") as batch:
        batch.drop_column("edited")
    op.drop_index("ix_change_event_group", table_name="change_event")
    op.drop_index("ix_change_event_session", table_name="change_event")
    op.drop_table("change_event")
