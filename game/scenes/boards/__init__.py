"""Board scenes, one module or package per game family (named like its rules
package), each exposing `SCENE`: a `game.scenes.table.TableScene` subclass."""
