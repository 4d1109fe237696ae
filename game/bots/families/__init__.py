"""One module per game family, named like its rules package, each with
`BOTS`: bot name -> class taking a `random.Random`, with `choose(view, legal)`."""
