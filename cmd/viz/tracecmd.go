package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"idaviz/internal/quote"
	"idaviz/lang"
	"idaviz/trace"
)

func init() {
	register(&command{
		name:    "trace",
		usage:   "trace info|export [flags] FILE",
		actions: []string{"info", "export"},
		run:     runTrace,
	})
}

func runTrace(ctx context.Context, e *env, args []string) int {
	c := commands["trace"]
	if len(args) == 0 {
		return usageError(e, c, "%s", e.p.T("cli.trace.which"))
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		commandHelp(e.stdout, e.p, c, nil)
		return exitOK
	case "info":
		return runTraceInfo(e, c, args[1:])
	case "export":
		return runTraceExport(e, args[1:])
	}
	return usageError(e, c, "%s", e.p.T("cli.trace.unknown", lang.Args{"Action": strconv.Quote(args[0])}))
}

func runTraceInfo(e *env, c *command, args []string) int {
	fs := newFlags(e, c)
	salvage := salvageFlag(fs)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "%s\n\n%s\n\n%s\n", e.p.T("cli.help.usage", lang.Args{"Usage": "viz trace info [--salvage] FILE"}), e.p.T("cli.trace.info.summary"), e.p.T("cli.help.flags"))
		printFlags(fs.Output(), e.p, fs)
	}
	args, status, ok := parseArgs(e, fs, args)
	if !ok {
		return status
	}
	if len(args) != 1 {
		return usageError(e, c, "%s", e.p.N("cli.trace.info.args", len(args)))
	}
	path := args[0]
	// A named pipe with no writer is not waited for (openInput).
	f, _, err := openInput(path)
	if err != nil {
		return fail(e, "viz trace info: %v", err)
	}
	defer f.Close()
	return traceInfo(e, path, f, *salvage)
}

// The rule of every command that reads a trace: one that cannot be read
// to its end (cut short, or a damaged record) is refused, with exit status
// 2 and the place of the fault, after what the command shows as it reads;
// --salvage takes the events before the fault instead, and says so.

func salvageFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("salvage", false, "")
}

// refuseFault reports a trace's fault and returns the usage status.
func refuseFault(e *env, cmd, path string, err error) int {
	return fail(e, "%s: %s: %s", cmd, quote.Shown(path), e.p.T("cli.trace.refused", lang.Args{"Fault": fault(e.p, err)}))
}

// salvaged says that a command goes on with the events before a fault.
func salvaged(e *env, cmd, path string, err error) {
	fmt.Fprintf(e.stderr, "%s: %s: %s\n", cmd, quote.Shown(path), e.p.T("cli.trace.salvaged", lang.Args{"Fault": fault(e.p, err)}))
}

// fault says what stopped the reading of a trace, and where.
func fault(p *lang.Printer, err error) string {
	var fe *trace.FormatError
	switch {
	case !errors.As(err, &fe):
		return err.Error()
	case fe.Cut():
		return p.N("cli.fault.cut", int(fe.Records), lang.Args{"Offset": fe.Offset, "Err": fe.Err})
	}
	return p.T("cli.fault.damaged", lang.Args{"Record": fe.Records + 1, "Offset": fe.Offset, "Err": fe.Err})
}

// traceInfo prints what a trace holds. A damaged file, or one with values
// beyond what the page can show, is reported after everything read before
// the damage, with exit status 2 (a fault, 0 with salvage). It keeps a fixed amount whatever the file
// holds: the events go through one reused Event into Stats, which bounds
// what it lists.
func traceInfo(e *env, name string, r io.Reader, salvage bool) int {
	rd, err := trace.NewReader(r)
	if err != nil {
		return fail(e, "viz trace info: %s: %v", name, err)
	}
	w := e.stdout
	h := rd.Header()
	fmt.Fprintln(w, e.p.T("cli.info.file", lang.Args{"File": quote.Shown(name), "Encoding": h.Encoding, "Version": fmt.Sprintf("%d.%d", h.Version, h.Minor)}))

	stats := trace.NewNodeStats()
	var info infoSink
	records, readErr := rd.Feed(trace.Fanout(stats, &info))
	run, moves, end := info.run, info.moves, info.end
	if run != nil {
		fmt.Fprintln(w, e.p.T("cli.info.run", lang.Args{"Puzzle": shownMeta(run.Puzzle), "Instance": shownMeta(run.Instance),
			"Heuristic": shownMeta(run.Heuristic), "Algorithm": shownMeta(run.Algorithm), "Engine": shownMeta(run.Engine),
			"StartH": run.StartH, "Created": run.Created.Format(time.RFC3339)}))
		if len(run.Options) > 0 {
			var opts []string
			for k, v := range run.Options {
				opts = append(opts, shownMeta(k+"="+v))
			}
			sort.Strings(opts)
			fmt.Fprintln(w, e.p.T("cli.info.options", lang.Args{"Options": strings.Join(opts, " ")}))
		}
	}
	var counts []string
	for k := trace.KindRunStart; k <= trace.KindRaise; k++ {
		if info.kinds[k] > 0 {
			counts = append(counts, fmt.Sprintf("%s %d", k, info.kinds[k]))
		}
	}
	fmt.Fprintf(w, "%s\n\n", e.p.N("cli.info.records", int(records), lang.Args{"Counts": strings.Join(counts, ", ")}))
	snap := stats.Snapshot()
	its := snap.Iterations
	if len(its) == 0 && snap.Current.Generated > 0 {
		its = []trace.Iteration{snap.Current}
	}
	writeIterations(w, e.p, its)
	if snap.Omitted > 0 {
		fmt.Fprintln(w, e.p.N("cli.info.omitted", snap.Omitted))
	}
	if snap.Unbinned > 0 {
		fmt.Fprintln(w, e.p.N("cli.info.unbinned", int(snap.Unbinned)))
	}
	if moves != nil {
		names := make([]string, len(moves))
		for i, m := range moves {
			names[i] = fmt.Sprint(m)
			if run != nil && m >= 0 && m < len(run.MoveNames) {
				names[i] = quote.Shown(quote.Cut(run.MoveNames[m], 40))
			}
		}
		fmt.Fprintln(w, "\n"+e.p.N("cli.info.solution", len(moves), lang.Args{"Moves": strings.Join(names, " ")}))
	}
	if end != nil {
		fmt.Fprintln(w, e.p.T("cli.info.end", lang.Args{"Status": e.p.T("cli.status." + end.Status.String()), "Expanded": end.Totals.Expanded,
			"Generated": end.Totals.Generated, "Pruned": end.Totals.Pruned, "Elapsed": end.Elapsed.Round(time.Microsecond)}))
	}
	if readErr != nil {
		if !salvage {
			return refuseFault(e, "viz trace info", name, readErr)
		}
		salvaged(e, "viz trace info", name, readErr)
	}
	if info.limitErr != nil {
		return fail(e, "viz trace info: %s: %v", name, info.limitErr)
	}
	return exitOK
}

// shownMeta is a field of a trace's metadata as trace info prints it: on
// one line of a terminal, cut (a name from a file may be megabytes: the
// whole file is viz trace export --format ndjson's first line).
func shownMeta(s string) string { return quote.Shown(quote.Cut(s, 200)) }

// infoSink keeps what trace info prints besides the statistics: the count of
// each kind, the run's metadata, solution and end, and the first value
// beyond what the page can show.
type infoSink struct {
	records  int64
	kinds    [256]int64
	run      *trace.RunInfo
	moves    []int
	end      *trace.Event
	limitErr error
}

func (s *infoSink) Level() trace.Level { return trace.LevelNode }

func (s *infoSink) Event(ev *trace.Event) {
	s.records++
	s.kinds[ev.Kind]++
	if err := trace.DefaultLimits.Check(ev); err != nil && s.limitErr == nil {
		s.limitErr = fmt.Errorf("record %d: %w", s.records, err)
	}
	switch ev.Kind {
	case trace.KindRunStart:
		s.run = ev.Clone().Run
	case trace.KindSolution:
		s.moves = append([]int(nil), ev.Moves...)
	case trace.KindRunEnd:
		end := ev.Clone()
		s.end = &end
	}
}
