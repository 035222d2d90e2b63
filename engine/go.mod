module pred.dev/engine

go 1.26.0
