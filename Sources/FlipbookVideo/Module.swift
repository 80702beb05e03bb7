// FlipbookVideo: filled in by its issue.
