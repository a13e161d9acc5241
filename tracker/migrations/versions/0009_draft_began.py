"""a round draft remembers when its round began: the version at which it was last made blank,
and how (cleared by the table, or saved) and by whose phone, so that a write made on the draft
before that is refused instead of bringing cleared cards back (core/draft/rows.py).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-07 18:00:00

Hand-written and portable. Drafts written before have none (NULL): their round began at 0.
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("round_draft", schema=None) as batch_op:
        batch_op.add_column(sa.Column("began", sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table("round_draft", schema=None) as batch_op:
        batch_op.drop_column("began")
