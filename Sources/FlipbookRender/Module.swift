// FlipbookRender: filled in by its issue.
