module pred.dev/scripts

go 1.26.0
