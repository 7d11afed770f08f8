"""One room, many processes: who drives each table (leases), which processes are alive,
and where each seat's connections are (presence); tables found by their creator's address
(the room-wide per-address cap).

Revision ID: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("tt_tables_creator", "tt_tables", ["creator"])
    op.create_table(
        "tt_leases",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(80), nullable=False),
        sa.Column("until", sa.Float, nullable=False),
    )
    op.create_index("tt_leases_owner", "tt_leases", ["owner"])
    op.create_table(
        "tt_processes",
        sa.Column("id", sa.String(80), primary_key=True),
        sa.Column("until", sa.Float, nullable=False),
    )
    op.create_table(
        "tt_presence",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("process", sa.String(80), primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("tt_presence")
    op.drop_table("tt_processes")
    op.drop_index("tt_leases_owner", "tt_leases")
    op.drop_table("tt_leases")
    op.drop_index("tt_tables_creator", "tt_tables")
