"""The euchre family's shared layer: what Euchre and its variants have in common."""
