// Package script runs search problems and heuristics written in Starlark.
// A problem file (LoadProblem) defines a start, a goal, moves and
// optionally heuristics and a view; its Domain searches interned states
// with the engine. A heuristic file (LoadHeuristic) gives a built-in
// puzzle's domain its h (Guided). Every call runs in a sandbox within a
// Budget of steps, time and memory, and an error names the file, line and
// column, so that the script's author finds the line at fault.
package script
