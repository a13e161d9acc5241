"""a round draft keeps the JSON a GET of it answers, and the ETag that answer names,
so that any worker serves a polled draft from one query (core/draft/answer.py).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30 21:10:00

Hand-written and portable: SQLite gets the columns through batch mode (table copy), PostgreSQL
through ALTER TABLE. Drafts written before have none (both NULL): the app answers them.
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("round_draft", schema=None) as batch_op:
        batch_op.add_column(sa.Column("answer", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("answer_tag", sa.String(length=40), nullable=True))


def downgrade():
    with op.batch_alter_table("round_draft", schema=None) as batch_op:
        batch_op.drop_column("answer_tag")
        batch_op.drop_column("answer")
