"""Sound effects and the ambient music, generated at start-up (`sound`, `music`)."""
