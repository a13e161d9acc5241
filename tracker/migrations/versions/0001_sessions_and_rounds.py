"""Sessions (players, rules snapshot) and their round records: the first tables.

Revision ID: 0001
Revises:
Create Date: 2026-11-30 08:19:46.709666

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade():

    op.create_table(
        "game_session",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("first_dealer", sa.Integer(), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("page_size", sa.String(length=10), nullable=False),
        sa.Column("settled_at", sa.DateTime(), nullable=True),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("game_session", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_game_session_token"), ["token"], unique=True)

    op.create_table(
        "round",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["session_id"], ["game_session.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("round", schema=None) as batch_op:
        batch_op.create_index("ix_round_session_number", ["session_id", "number"], unique=False)


def downgrade():

    with op.batch_alter_table("round", schema=None) as batch_op:
        batch_op.drop_index("ix_round_session_number")

    op.drop_table("round")
    with op.batch_alter_table("game_session", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_game_session_token"))

    op.drop_table("game_session")
