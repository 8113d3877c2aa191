"""What every screen draws with: the palette, felt and panels (`art`), the
pieces (`tokens`), action cards and their emblems (`cards`, `emblems`), building
cards (`buildings`), fonts and cached text (`fonts`), buttons and text fields
(`widgets`), tweens (`tween`), and the client's language switch (`i18n`).
Nothing here knows about a game."""
