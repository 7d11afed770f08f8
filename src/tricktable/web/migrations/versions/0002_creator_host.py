"""Who created each table (its client address, for the per-address caps) and the hash of
its host token.

Revision ID: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tt_tables") as batch:
        batch.add_column(sa.Column("creator", sa.String(64), nullable=True))
        batch.add_column(sa.Column("host_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tt_tables") as batch:
        batch.drop_column("host_hash")
        batch.drop_column("creator")
