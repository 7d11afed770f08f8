"""Bot accounts: remote bots that play the room's tables over the websocket, each with its
owner and the SHA-256 of its token (web/remote_bots.py).

Revision ID: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tt_bot_accounts",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("tt_bot_accounts")
