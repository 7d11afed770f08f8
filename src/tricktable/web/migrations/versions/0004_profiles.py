"""Profiles and ratings: a name that stays (its keys stored hashed), which profile holds each
seat (one seat a table), each profile's rating per game, and each rated match's changes
(one row per match and profile: a match is rated once).

Revision ID: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tt_profiles",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(160), nullable=False, unique=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "tt_profile_keys",
        sa.Column("key_hash", sa.String(64), primary_key=True),
        sa.Column("profile_id", sa.String(32), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("until", sa.Float, nullable=True),
    )
    op.create_index("tt_profile_keys_profile", "tt_profile_keys", ["profile_id"])
    with op.batch_alter_table("tt_seats") as batch:
        batch.add_column(sa.Column("profile_id", sa.String(32), nullable=True))
    op.create_index("tt_seats_profile", "tt_seats", ["table_id", "profile_id"], unique=True)
    op.create_index("tt_seats_profile_only", "tt_seats", ["profile_id"])
    op.create_table(
        "tt_ratings",
        sa.Column("profile_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("matches", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("tt_ratings_game", "tt_ratings", ["game"])
    op.create_table(
        "tt_rated",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("profile_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("rated", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("tt_rated")
    op.drop_index("tt_ratings_game", "tt_ratings")
    op.drop_table("tt_ratings")
    op.drop_index("tt_seats_profile_only", "tt_seats")
    op.drop_index("tt_seats_profile", "tt_seats")
    with op.batch_alter_table("tt_seats") as batch:
        batch.drop_column("profile_id")
    op.drop_index("tt_profile_keys_profile", "tt_profile_keys")
    op.drop_table("tt_profile_keys")
    op.drop_table("tt_profiles")
