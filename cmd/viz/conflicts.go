package main

import (
	"flag"
	"fmt"
)

// solveConflicts refuses flags of viz solve that the others make
// meaningless, instead of ignoring them silently: only flags given on the
// command line count, so defaults never conflict.
func solveConflicts(fs *flag.FlagSet) error {
	set := map[string]string{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = f.Value.String() })
	_, traced := set["trace"]
	_, leveled := set["trace-level"]
	_, workers := set["workers"]
	_, budget := set["max-memory"]
	astar := set["algo"] == "astar"
	_, problem := set["problem"]
	_, puzzle := set["puzzle"]
	_, goal := set["goal"]
	switch {
	case problem && puzzle:
		return fmt.Errorf("--problem is the problem to solve; drop --puzzle")
	case problem && goal:
		return fmt.Errorf("a problem's goal is in its file; drop --goal")
	case leveled && !traced:
		return fmt.Errorf("--trace-level says what --trace records, and there is no --trace")
	case astar && workers && set["workers"] != "1":
		return fmt.Errorf("--workers %s splits IDA*'s tree; A* (--algo astar) runs on one", set["workers"])
	case budget && !astar:
		return fmt.Errorf("--max-memory bounds A* (--algo astar); IDA* needs none")
	}
	return nil
}
