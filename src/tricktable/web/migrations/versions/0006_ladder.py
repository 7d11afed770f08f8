"""The bot ladder: each ladder's settings and which process runs it (a lease), and its
finished matches (web/ladder.py).

Revision ID: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tt_ladders",
        sa.Column("key", sa.String(32), primary_key=True),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("owner", sa.String(80), nullable=False),
        sa.Column("until", sa.Float, nullable=False),
    )
    op.create_table(
        "tt_ladder_matches",
        sa.Column("ladder", sa.String(32), primary_key=True),
        sa.Column("first", sa.Integer, primary_key=True),
        sa.Column("second", sa.Integer, primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("outcome", sa.Text, nullable=False),
        sa.Column("finished", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("tt_ladder_matches")
    op.drop_table("tt_ladders")
