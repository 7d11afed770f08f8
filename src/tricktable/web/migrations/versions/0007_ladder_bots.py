"""Remote bots in the bot ladder: when each bot account last asked the room for seats
(web/remote_bots.py), and the accounts each ladder has entered (web/ladder.py).

Revision ID: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tt_bot_presence",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("seen", sa.Float, nullable=False),
    )
    op.create_table(
        "tt_ladder_bots",
        sa.Column("ladder", sa.String(32), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("account", sa.String(32), nullable=False),
        sa.UniqueConstraint("ladder", "account", name="tt_ladder_bots_account"),
    )


def downgrade() -> None:
    op.drop_table("tt_ladder_bots")
    op.drop_table("tt_bot_presence")
