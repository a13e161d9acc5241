"""barkadas (groups that play every week), their members and payments; a session's
group and the member at each seat; a wrong PIN at a group's change counted like a session's.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 00:30:00

Hand-written and portable: new tables everywhere; SQLite gets the new columns of game_session
and pin_attempt through batch mode (table copy), PostgreSQL through ALTER TABLE. Sessions made
before belong to no group.
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "barkada",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("token", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("pin_hash", sa.String(length=255), nullable=True),
        sa.Column("owner_key_hash", sa.String(length=255), nullable=True),
        sa.Column("recovery_hash", sa.String(length=255), nullable=True),
    )
    op.create_index("ix_barkada_token", "barkada", ["token"], unique=True)
    op.create_table(
        "member",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "group_id",
            sa.Integer(),
            sa.ForeignKey("barkada.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("note", sa.String(length=120), nullable=True),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("left_at", sa.DateTime(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("group_id", "name", name="uq_member_group_name"),
    )
    op.create_index("ix_member_group_id", "member", ["group_id"])
    op.create_table(
        "payment",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "group_id",
            sa.Integer(),
            sa.ForeignKey("barkada.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("payer_id", sa.Integer(), sa.ForeignKey("member.id"), nullable=False),
        sa.Column("payee_id", sa.Integer(), sa.ForeignKey("member.id"), nullable=False),
        sa.Column("amount", sa.String(length=20), nullable=False),
        sa.Column("paid_on", sa.Date(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_payment_group_id", "payment", ["group_id"])
    with op.batch_alter_table("game_session", schema=None) as batch_op:
        batch_op.add_column(sa.Column("group_id", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("seat_members", sa.JSON(), nullable=True))
        batch_op.create_foreign_key(
            "fk_game_session_group_id", "barkada", ["group_id"], ["id"], ondelete="SET NULL"
        )
        batch_op.create_index("ix_game_session_group_id", ["group_id"])
    with op.batch_alter_table("pin_attempt", schema=None) as batch_op:
        batch_op.alter_column("session_id", existing_type=sa.Integer(), nullable=True)
        batch_op.add_column(sa.Column("group_id", sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            "fk_pin_attempt_group_id", "barkada", ["group_id"], ["id"], ondelete="CASCADE"
        )
        batch_op.create_index("ix_pin_attempt_group_id", ["group_id"])


def downgrade():
    with op.batch_alter_table("pin_attempt", schema=None) as batch_op:
        batch_op.drop_index("ix_pin_attempt_group_id")
        batch_op.drop_constraint("fk_pin_attempt_group_id", type_="foreignkey")
        batch_op.drop_column("group_id")
        batch_op.alter_column("session_id", existing_type=sa.Integer(), nullable=False)
    with op.batch_alter_table("game_session", schema=None) as batch_op:
        batch_op.drop_index("ix_game_session_group_id")
        batch_op.drop_constraint("fk_game_session_group_id", type_="foreignkey")
        batch_op.drop_column("seat_members")
        batch_op.drop_column("group_id")
    op.drop_table("payment")
    op.drop_table("member")
    op.drop_table("barkada")
