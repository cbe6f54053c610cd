package main

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"idaviz/internal/atomicfile"
	"idaviz/internal/quote"
	"idaviz/lang"
	"idaviz/puzzles"
	"idaviz/trace"
	"idaviz/web/draw"
	"idaviz/web/export"
	"idaviz/web/fold"
	"idaviz/web/gif"
)

// exportFormats are the formats of viz trace export, with their file
// extensions; what each is for is the catalogue's cli.trace.export.format.NAME.
var exportFormats = []struct{ name, ext string }{
	{"html", ".html"}, {"dot", ".dot"}, {"svg", ".svg"}, {"gif", ".gif"},
	{"csv", ".csv"}, {"chrome", ".json"}, {"ndjson", ".ndjson"}, {"binary", ".trace"},
}

// exportUsage is viz help trace export: the catalogue's page, with the
// formats and the limits of the GIF filled in.
func exportUsage(w io.Writer, p *lang.Printer) {
	var formats strings.Builder
	for _, f := range exportFormats {
		fmt.Fprintf(&formats, "  %-7s %s\n", f.name, p.T("cli.trace.export.format."+f.name))
	}
	fmt.Fprintln(w, strings.TrimRight(p.T("cli.trace.export.help", lang.Args{
		"Formats":     strings.TrimRight(formats.String(), "\n"),
		"TreeLimit":   fold.DefaultTreeLimit,
		"GIFMaxNodes": gif.DefaultMaxNodes,
		"Pers":        strings.Join(gif.Pers, ", "),
		"MaxFPS":      gif.MaxFPS,
		"MinSize":     fmt.Sprintf("%dx%d", gif.MinWidth, gif.MinHeight),
		"MaxSize":     fmt.Sprintf("%dx%d", gif.MaxWidth, gif.MaxHeight),
		"MaxFrames":   gif.MaxFrames,
	}), "\n"))
}

func runTraceExport(e *env, args []string) int {
	fs := newFlags(e, commands["trace"])
	fs.Usage = func() { exportUsage(fs.Output(), e.p) }
	format := fs.String("format", "", "")
	out := fs.String("o", "", "")
	iteration := fs.Int("iteration", 0, "")
	event := fs.Int("event", -1, "")
	maxNodes := fs.Int("max-nodes", fold.DefaultTreeLimit, "")
	fromEv := fs.Int64("from", 0, "")
	toEv := fs.Int64("to", -1, "")
	per := fs.String("per", gif.PerExpansion, "")
	fps := fs.Int("fps", 4, "")
	size := fs.String("size", "1280x720", "")
	lecture := fs.String("lecture", "", "")
	salvage := salvageFlag(fs)
	runScript := runScriptFlag(fs)
	rest, status, ok := parseArgs(e, fs, args)
	if !ok {
		return status
	}
	switch len(rest) {
	case 0:
		return fail(e, "viz trace export: %s", e.p.T("cli.export.which"))
	case 1:
	default:
		return fail(e, "viz trace export: %s", e.p.T("cli.export.extra", lang.Args{"Arg": strconv.Quote(rest[1])}))
	}
	in := rest[0]
	puzzles.AllowTraceScripts(*runScript)
	f := *format
	if f == "" {
		ext := filepath.Ext(*out)
		for _, x := range exportFormats {
			if x.ext == ext && ext != "" {
				f = x.name
			}
		}
		if f == "" {
			return fail(e, "viz trace export: %s", e.p.T("cli.export.noformat", lang.Args{"Formats": formatNames()}))
		}
	}
	set := given(fs)
	for name, only := range map[string]string{"iteration": "dot gif", "event": "svg", "lecture": "html", "max-nodes": "dot svg gif",
		"from": "gif", "to": "gif", "per": "gif", "fps": "gif", "size": "gif"} {
		if set.has(name) && !slices.Contains(strings.Fields(only), f) {
			return fail(e, "viz trace export: %s", e.p.T("cli.export.notfor", lang.Args{"Flag": "--" + name, "Formats": strings.ReplaceAll(only, " ", e.p.T("cli.or")), "Format": f}))
		}
	}
	switch {
	case set.has("iteration") && *iteration < 1:
		return fail(e, "viz trace export: %s", e.p.T("cli.export.iteration", lang.Args{"Iteration": *iteration}))
	case set.has("event") && *event < 0:
		return fail(e, "viz trace export: %s", e.p.T("cli.export.event", lang.Args{"Event": *event}))
	case *maxNodes < 1 || *maxNodes > maxTreeNodes:
		return fail(e, "viz trace export: %s", e.p.T("cli.export.maxnodes", lang.Args{"MaxNodes": *maxNodes, "Most": maxTreeNodes}))
	}
	var write func(w io.Writer, rd eventSource) error
	switch f {
	case "gif":
		opt, err := gifOptions(set, *iteration, *fromEv, *toEv, *per, *fps, *size, *maxNodes)
		if err != nil {
			return fail(e, "viz trace export: %v", err)
		}
		var frames int
		write = func(w io.Writer, rd eventSource) error {
			var err error
			frames, err = gif.Write(w, rd, opt)
			return err
		}
		defer func() {
			if frames > 0 && *out != "" {
				fmt.Fprintln(e.stderr, "viz trace export: "+e.p.N("cli.export.gif", frames, lang.Args{"Out": *out, "FPS": *fps}))
			}
		}()
	case "html":
		return exportHTML(e, "viz trace export", in, *out, *lecture, *salvage)
	case "dot", "svg":
		write = func(w io.Writer, rd eventSource) error {
			var win *export.TreeWindow
			var err error
			if f == "dot" {
				win, err = export.TreeOfIteration(rd, *iteration, *maxNodes)
			} else {
				win, err = export.TreeAtEvent(rd, *event, *maxNodes)
			}
			if err != nil {
				return err
			}
			if f == "dot" {
				return win.WriteDOT(w)
			}
			return win.WriteSVG(w)
		}
	case "csv":
		write = exportCSV
	case "chrome":
		write = func(w io.Writer, rd eventSource) error {
			c := trace.NewChrome(w)
			if e.chromeMax > 0 {
				c.MaxBytes = e.chromeMax
			}
			err := feed(rd, c)
			if cerr := c.Close(); err == nil {
				err = cerr
			}
			return err
		}
	case "ndjson", "binary":
		enc := trace.EncodingNDJSON
		if f == "binary" {
			enc = trace.EncodingBinary
		}
		write = func(w io.Writer, rd eventSource) error {
			r := trace.NewRecorder(w, enc, trace.LevelNode)
			err := feed(rd, r)
			if cerr := r.Close(); err == nil {
				err = cerr
			}
			return err
		}
	default:
		return fail(e, "viz trace export: %s", e.p.T("cli.export.unknown", lang.Args{"Format": strconv.Quote(f), "Formats": formatNames()}))
	}
	src, err := os.Open(in)
	if err != nil {
		return fail(e, "viz trace export: %v", err)
	}
	defer src.Close()
	rd, err := trace.NewReader(bufio.NewReaderSize(src, 1<<20))
	if err != nil {
		return fail(e, "viz trace export: %s: %v", in, err)
	}
	var from eventSource = rd
	var rescue *salvaging
	if *salvage {
		rescue = &salvaging{src: rd}
		from = rescue
	}
	if status, err := writeOutput(e.stdout, *out, func(w io.Writer) error { return write(w, from) }); err != nil {
		var fe *trace.FormatError
		if errors.As(err, &fe) {
			return refuseFault(e, "viz trace export", in, err)
		}
		if status == exitFailed {
			return failed(e, "viz trace export: %v", err)
		}
		return fail(e, "viz trace export: %s: %v", in, err)
	}
	if rescue != nil && rescue.fault != nil {
		salvaged(e, "viz trace export", in, rescue.fault)
	}
	return exitOK
}

// maxTreeNodes bounds --max-nodes: the tree holds four times as many while
// it folds, and a picture of more is no longer one a reader takes in.
const maxTreeNodes = 1 << 20

// eventSource is a trace being read: a *trace.Reader, or one salvaged.
type eventSource interface {
	Read(e *trace.Event) error
}

// salvaging ends a trace at its first fault, as if the file ended there,
// and keeps the fault to report.
type salvaging struct {
	src   eventSource
	fault error
}

func (s *salvaging) Read(e *trace.Event) error {
	err := s.src.Read(e)
	if err != nil && !errors.Is(err, io.EOF) {
		s.fault = err
		return io.EOF
	}
	return err
}

// writeOutput writes an export whole to the file at path (or nothing, the
// old file left as it was), or to stdout when path is "". A failure comes
// with the status to exit with: exitFailed when the output could not be
// written (a folder that is not there, a full disk), exitUsage when write
// failed on what it read.
func writeOutput(stdout io.Writer, path string, write func(io.Writer) error) (int, error) {
	var inputErr error
	run := func(w io.Writer) error {
		tw := &trackedWriter{w: w}
		err := write(tw)
		if err != nil && tw.err == nil {
			inputErr = err
		}
		return err
	}
	var err error
	if path == "" {
		bw := bufio.NewWriterSize(stdout, 1<<16)
		if err = run(bw); err == nil {
			err = bw.Flush()
		}
	} else {
		err = atomicfile.Write(path, run)
	}
	switch {
	case err == nil:
		return exitOK, nil
	case inputErr != nil:
		return exitUsage, inputErr
	case path == "":
		return exitFailed, fmt.Errorf("writing to stdout: %w", err)
	}
	return exitFailed, fmt.Errorf("writing %s: %w", path, err)
}

// trackedWriter keeps the first error of its writer, to tell a failure of
// the output from one of the input.
type trackedWriter struct {
	w   io.Writer
	err error
}

func (t *trackedWriter) Write(p []byte) (int, error) {
	n, err := t.w.Write(p)
	if err != nil && t.err == nil {
		t.err = err
	}
	return n, err
}

func formatNames() string {
	var n []string
	for _, f := range exportFormats {
		n = append(n, f.name)
	}
	return strings.Join(n, ", ")
}

// feed hands every event of rd to sink. A damaged file is an error: an
// export is not written from half a trace, unless salvaging says so.
func feed(rd eventSource, sink trace.Sink) error {
	var ev trace.Event
	for {
		err := rd.Read(&ev)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		sink.Event(&ev)
	}
}

// exportCSV writes the per-iteration table with the f-histograms as columns.
func exportCSV(w io.Writer, rd eventSource) error {
	stats := trace.NewNodeStats()
	if err := feed(rd, stats); err != nil {
		return err
	}
	snap := stats.Snapshot()
	its := snap.Iterations
	if len(its) == 0 && snap.Current.Generated > 0 {
		its = []trace.Iteration{snap.Current}
	}
	var fs []int
	for _, it := range its {
		for f, n := range it.VisitF {
			if n > 0 {
				fs = append(fs, f)
			}
		}
		for f, n := range it.PruneF {
			if n > 0 {
				fs = append(fs, f)
			}
		}
	}
	slices.Sort(fs)
	fs = slices.Compact(fs)
	cw := csv.NewWriter(w)
	head := []string{"iteration", "bound", "expanded", "generated", "pruned", "growth"}
	for _, f := range fs {
		head = append(head, "visited_f"+strconv.Itoa(f))
	}
	for _, f := range fs {
		head = append(head, "pruned_f"+strconv.Itoa(f))
	}
	cw.Write(head)
	at := func(h []int64, f int) string {
		if f < len(h) {
			return strconv.FormatInt(h[f], 10)
		}
		return "0"
	}
	for i, it := range its {
		growth := ""
		if i > 0 && its[i-1].Generated > 0 {
			growth = fmt.Sprintf("%.2f", float64(it.Generated)/float64(its[i-1].Generated))
		}
		row := []string{strconv.Itoa(it.Iteration), strconv.Itoa(it.Bound), strconv.FormatInt(it.Expanded, 10),
			strconv.FormatInt(it.Generated, 10), strconv.FormatInt(it.Pruned, 10), growth}
		for _, f := range fs {
			row = append(row, at(it.VisitF, f))
		}
		for _, f := range fs {
			row = append(row, at(it.PruneF, f))
		}
		cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}

// exportHTML writes the one-file replay (viz trace export --format html,
// and viz replay --export, its alias), with the lecture's bookmarks: NOTES,
// or the trace's sidecar when there is one.
func exportHTML(e *env, cmd, in, out, notes string, salvage bool) int {
	if out == "" {
		return fail(e, "%s: %s", cmd, e.p.T("cli.export.htmlout"))
	}
	// Indexed, not loaded: the export streams the events into its packed
	// trace, so the memory it takes is the packed trace's.
	rec, err := fold.OpenTrace(in, fold.IndexOptions{MaxCheckpoints: 2})
	if rec == nil {
		return fail(e, "%s: %s: %v", cmd, in, err)
	}
	defer rec.Close()
	if err != nil {
		if !salvage {
			return refuseFault(e, cmd, in, err)
		}
		salvaged(e, cmd, in, err)
	}
	fmt.Fprintf(e.stderr, "%s: %s: %s\n", cmd, in, e.p.N("cli.export.read", rec.Len(), lang.Args{"Puzzle": quote.Shown(rec.Info.Puzzle),
		"Instance": quote.Shown(rec.Info.Instance), "Heuristic": quote.Shown(rec.Info.Heuristic)}))
	scriptNotice(e, cmd, &rec.Info)
	lf, err := loadLecture(e, cmd, in, notes, trace.RecordingOf(&rec.Info, int64(rec.Len())), false)
	if err != nil {
		return fail(e, "%s: %v", cmd, err)
	}
	lec := lf.lecture
	if len(lec.Bookmarks) == 0 {
		lec = nil // nothing to embed
	} else {
		lec.Recording = nil // the fingerprint is the server's check; the page takes the bookmarks
	}
	opt := export.Options{Lecture: lec, TraceName: in}
	if status, err := writeOutput(e.stdout, out, func(w io.Writer) error { return export.HTML(w, rec, opt) }); err != nil {
		if status == exitFailed {
			return failed(e, "%s: %v", cmd, err)
		}
		return fail(e, "%s: %s: %v", cmd, in, err)
	}
	n := 0
	if lec != nil {
		n = len(lec.Bookmarks)
	}
	fmt.Fprintf(e.stdout, "%s: %s\n", cmd, e.p.N("cli.export.wrote", n, lang.Args{"Out": out}))
	return exitOK
}

// gifOptions reads --format gif's flags (set: those given), each checked
// with a message in the flag's words.
func gifOptions(set flagsGiven, iteration int, from, to int64, per string, fps int, size string, maxNodes int) (gif.Options, error) {
	opt := gif.Options{Per: per, FPS: fps, From: from, Drawer: &draw.Views{}}
	if set.has("to") {
		if to < from {
			return opt, fmt.Errorf("--from %d --to %d: the first event is after the last", from, to)
		}
		opt.Events = to - from + 1
	}
	var err error
	if opt.Width, opt.Height, err = gif.ParseSize(size); err != nil {
		return opt, fmt.Errorf("--%w", err)
	}
	if fps < 1 {
		// 0 is the package's default, not a rate.
		return opt, fmt.Errorf("--fps %d: from 1 to %d frames a second", fps, gif.MaxFPS)
	}
	if set.has("iteration") {
		if set.has("from") || set.has("to") {
			return opt, errors.New("--iteration or --from and --to: one range, not both")
		}
		opt.Iteration = iteration
	}
	if set.has("max-nodes") {
		opt.MaxNodes = maxNodes
	}
	if err := opt.Check(); err != nil {
		return opt, fmt.Errorf("--%w", err)
	}
	return opt, nil
}
