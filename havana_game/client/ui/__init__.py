"""What every screen draws with: colours and card art (`art`), fonts and cached
text (`fonts`), buttons and text fields (`widgets`), tweens (`tween`), and the
client's language switch (`i18n`). Nothing here knows about a game."""
