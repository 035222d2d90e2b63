// Package scenario reads and rewrites scenario files: the scripts that
// specify a pure set of rules (the engine's matching, Gamma's transitions)
// as blocks of commands, a "----" line, and what the commands must
// produce.
//
//	# a comment, kept with the block after it
//	command one
//	command two
//	----
//	what they produced
//
// A blank line ends a block. Each test suite interprets the commands; this
// package only reads the blocks and, when a test runs with -rewrite after
// an intended change, writes the actual output back in place of the
// expected one, comments and commands untouched.
package scenario

import (
	"bufio"
	"os"
	"strings"
)

// Block is one script block.
type Block struct {
	Comments []string // the lines before the block: comments and blank lines
	Commands []string
	Want     string // the expected output, each line ending in "\n"
	Line     int    // the line of the first command, for messages
}

// Parse reads the blocks of a scenario file.
func Parse(path string) ([]Block, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var blocks []Block
	var cur Block
	state := 0 // 0 between blocks, 1 reading commands, 2 reading output
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case state == 2 && line == "":
			blocks = append(blocks, cur)
			cur, state = Block{}, 0
		case state == 2:
			cur.Want += line + "\n"
		case line == "----":
			state = 2
		case state == 0 && (line == "" || strings.HasPrefix(line, "#")):
			cur.Comments = append(cur.Comments, line)
		default:
			if state == 0 {
				cur.Line = n
			}
			state = 1
			cur.Commands = append(cur.Commands, line)
		}
	}
	if state != 0 {
		blocks = append(blocks, cur)
	}
	return blocks, sc.Err()
}

// Write rewrites a scenario file with got as the output of its blocks.
func Write(path string, blocks []Block, got []string) error {
	var sb strings.Builder
	for i, b := range blocks {
		for _, c := range b.Comments {
			sb.WriteString(c + "\n")
		}
		sb.WriteString(strings.Join(b.Commands, "\n") + "\n----\n" + got[i] + "\n")
	}
	return os.WriteFile(path, []byte(strings.TrimRight(sb.String(), "\n")+"\n"), 0o644)
}
