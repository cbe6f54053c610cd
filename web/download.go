package web

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"idaviz/lang"
	"idaviz/trace"
	"idaviz/web/export"
	"idaviz/web/fold"
)

// The page's "download this run" (GET /api/trace) and "export this run" (GET
// /api/export). A live run is not kept anywhere: the engine is
// deterministic, so the server runs the search again from the request the
// page started it with and records its first events events, the ones the
// page saw. The trace streams into the response (memory stays that of the
// search); the export holds the events, at most maxExportEvents of them.
// A replay serves its recording, and its export carries the bookmarks.

// maxExportEvents bounds the events a live run's export holds in memory
// (about 170 bytes each); a longer run is downloaded and exported with viz
// replay --export.
const maxExportEvents = 500_000

// maxDownloadEvents bounds a live download: about 12 bytes an event in the
// binary encoding, a gigabyte.
const maxDownloadEvents = 100_000_000

// maxRerun bounds the time a download or an export runs its search again
// (the page's run was paced by the page; its re-run is not): past it the
// search is cancelled, a trace ends there (its run cancelled), and an
// export is refused.
var maxRerun = 2 * time.Minute

// downloadWriteWait bounds each write of a download or an export to its
// client: one that stops reading (its receive window shut) fails the write
// then, and its handler gives back the search slot it holds, instead of
// waiting as long as the connection stays open (a client that read 200
// bytes and stopped held the only slot for good).
var downloadWriteWait = 10 * time.Second

// downloadChunk is what one write with its own deadline carries.
const downloadChunk = 64 << 10

// deadlineWriter writes a response with a deadline on every chunk, none
// later than end (the zero Time: no end), so that a client that trickles
// is cut there too. The first failed write is sticky and calls fail (which
// stops the search that feeds the writer).
type deadlineWriter struct {
	rc   *http.ResponseController
	w    http.ResponseWriter
	end  time.Time
	fail func()
	err  error
}

func newDeadlineWriter(w http.ResponseWriter, end time.Time, fail func()) *deadlineWriter {
	return &deadlineWriter{rc: http.NewResponseController(w), w: w, end: end, fail: fail}
}

func (d *deadlineWriter) Write(p []byte) (int, error) {
	n := 0
	for len(p) > 0 && d.err == nil {
		chunk := p[:min(len(p), downloadChunk)]
		if err := d.deadline(); err != nil {
			d.failed(err)
			break
		}
		m, err := d.w.Write(chunk)
		n += m
		p = p[m:]
		if err != nil {
			d.failed(fmt.Errorf("writing to the client (it read nothing for %v, or went away): %w", downloadWriteWait, err))
		}
	}
	return n, d.err
}

// deadline sets the next write's deadline.
func (d *deadlineWriter) deadline() error {
	dl := time.Now().Add(downloadWriteWait)
	if !d.end.IsZero() && dl.After(d.end) {
		dl = d.end
	}
	if err := d.rc.SetWriteDeadline(dl); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return err
	}
	return nil
}

func (d *deadlineWriter) failed(err error) {
	if d.err == nil {
		d.err = err
		if d.fail != nil {
			d.fail()
		}
	}
}

// finish sends what the response holds, under a deadline, then lifts the
// deadline so that a kept-alive connection's next request is not cut by it.
func (d *deadlineWriter) finish() error {
	if d.err == nil {
		if err := d.deadline(); err != nil {
			d.failed(err)
		} else if err := d.rc.Flush(); err != nil {
			d.failed(err)
		}
	}
	if d.err == nil {
		_ = d.rc.SetWriteDeadline(time.Time{})
	}
	return d.err
}

// runRequest is a live run as the page names it in a download's query: the
// fields of its start message, and how many events it saw.
func runRequest(q url.Values) (startRequest, int64, error) {
	req := startRequest{Puzzle: q.Get("puzzle"), State: q.Get("state"), Heuristic: q.Get("heuristic"),
		Goal: q.Get("goal"), Order: q.Get("order"), Algorithm: q.Get("algorithm"), Fast: q.Get("fast") == "true",
		File: q.Get("file"), Source: q.Get("source")}
	if err := req.validate(); err != nil {
		return req, 0, err
	}
	events := int64(maxDownloadEvents)
	if s := q.Get("events"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 1 || n > maxDownloadEvents {
			return req, 0, say("server.bad-events", lang.Args{"Events": strconv.Quote(s), "Max": maxDownloadEvents})
		}
		events = n
	}
	return req, events, nil
}

// cappedSink passes on the first left events, then ends the search.
type cappedSink struct {
	trace.Sink
	left   int64
	cancel context.CancelFunc
}

func (c *cappedSink) Event(e *trace.Event) {
	if c.left <= 0 {
		return
	}
	c.Sink.Event(e)
	if c.left--; c.left == 0 {
		c.cancel()
	}
}

// recordLive runs again the live run a request names (liveRun) and keeps
// its events (recordRun), for an export or a GIF; it reports false, having
// answered with what went wrong (what, a message's id, says for what),
// when it cannot.
func (s *Server) recordLive(w http.ResponseWriter, r *http.Request, what string) (*fold.Recording, startRequest, bool) {
	req, live, events, err := s.liveRun(r)
	if err != nil {
		httpError(w, r, sayWrap(what, err), http.StatusBadRequest)
		return nil, req, false
	}
	rec, err := recordRun(r.Context(), nil, req, live, events)
	if err != nil {
		code := http.StatusInternalServerError
		if errors.Is(err, errTooLong) {
			code = http.StatusRequestEntityTooLarge
		}
		httpError(w, r, sayWrap(what, err), code)
		return nil, req, false
	}
	return rec, req, true
}

// liveRun is the live run a download's query names, opened as the page's
// search was (with its memory budget), and how many events the page saw.
func (s *Server) liveRun(r *http.Request) (startRequest, *liveSource, int64, error) {
	req, events, err := runRequest(r.URL.Query())
	if err != nil {
		return req, nil, 0, err
	}
	src, err := s.origin.open(req)
	if err != nil {
		return req, nil, 0, err
	}
	live, ok := src.(*liveSource)
	if !ok {
		return req, nil, 0, say("server.replay-no-rerun")
	}
	return req, live, events, nil
}

// rerun runs a live run again into sink, up to events events, for at most
// maxRerun, in one of sl's search slots (nil: no cap, or the caller holds
// one).
func rerun(ctx context.Context, sl *slots, live *liveSource, events int64, sink trace.Sink) error {
	if !sl.acquire(ctx) {
		return ctx.Err()
	}
	defer sl.release()
	ctx, cancel := context.WithTimeout(ctx, maxRerun)
	defer cancel()
	err := live.run(ctx, &cappedSink{Sink: sink, left: events, cancel: cancel}, 0)
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		err = say("server.rerun-too-long", lang.Args{"Time": maxRerun.String()})
	}
	return err
}

// slot waits for one of the server's search slots for a download or an
// export, which count as searches: a live one runs its search again, a
// replay's reads and packs the whole trace. It reports false (and has
// answered) when the client went away first.
func (s *Server) slot(w http.ResponseWriter, r *http.Request) bool {
	if !s.slots.acquire(r.Context()) {
		httpError(w, r, say("server.gone-before-slot"), http.StatusServiceUnavailable)
		return false
	}
	return true
}

// writeTrace writes a live run's first events events to w as a trace
// (binary): the page's "download this run".
func writeTrace(ctx context.Context, w io.Writer, sl *slots, req startRequest, live *liveSource, events int64) error {
	tr := trace.NewRecorder(w, trace.EncodingBinary, traceLevel(req))
	err := rerun(ctx, sl, live, events, tr)
	if errors.Is(err, context.Canceled) {
		err = nil
	}
	if cerr := tr.Close(); err == nil {
		err = cerr
	}
	return err
}

// errTooLong is a live run too long to export from the page.
var errTooLong = say("server.export-too-long", lang.Args{"Max": maxExportEvents})

// recordRun runs a live run again and keeps its first events events, at
// most maxExportEvents of them (errTooLong): what its export replays.
func recordRun(ctx context.Context, sl *slots, req startRequest, live *liveSource, events int64) (*fold.Recording, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	sink := &recordingSink{level: traceLevel(req), max: maxExportEvents, cancel: cancel}
	if err := rerun(ctx, sl, live, events, sink); err != nil && !errors.Is(err, context.Canceled) {
		return nil, err
	}
	if sink.over {
		return nil, errTooLong
	}
	if len(sink.events) == 0 || sink.events[0].Run == nil {
		return nil, say("server.no-events")
	}
	return &fold.Recording{Info: *sink.events[0].Run, Events: sink.events}, nil
}

// traceLevel is the level a live run's page saw: a fast run folds
// iterations only.
func traceLevel(req startRequest) trace.Level {
	if req.Fast {
		return trace.LevelIteration
	}
	return trace.LevelNode
}

// downloadName is a file name for a run's download: the replayed trace's
// own name, or the puzzle's.
func (s *Server) downloadName(puzzle, ext string) string {
	if s.opt.Recording != nil && s.opt.TraceName != "" {
		return strings.TrimSuffix(s.opt.TraceName, filepath.Ext(s.opt.TraceName)) + ext
	}
	return liveName(puzzle, ext)
}

// liveName is a file name for a live run's download, after its puzzle.
func liveName(puzzle, ext string) string {
	clean := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return -1
	}, puzzle)
	return "idaviz-" + clean + ext
}

func attachment(w http.ResponseWriter, contentType, name string) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
}

// serveTrace answers "download this run": the trace, binary.
func (s *Server) serveTrace(w http.ResponseWriter, r *http.Request) {
	done, ok := s.holdDownload(w, r)
	if !ok {
		return
	}
	defer done()
	if rec := s.opt.Recording; rec != nil {
		attachment(w, "application/octet-stream", s.downloadName(rec.Info.Puzzle, ".trace"))
		dw := newDeadlineWriter(w, time.Time{}, nil)
		bw := bufio.NewWriterSize(dw, downloadChunk)
		tr := trace.NewRecorder(bw, trace.EncodingBinary, trace.LevelNode)
		err := rec.Each(func(e *trace.Event) error { tr.Event(e); return tr.Err() })
		if cerr := tr.Close(); err == nil {
			err = cerr
		}
		if ferr := dw.finish(); err == nil {
			err = ferr
		}
		if err != nil {
			s.logf("downloading the trace: %v", err)
		}
		return
	}
	req, live, events, err := s.liveRun(r)
	if err != nil {
		httpError(w, r, sayWrap("server.download-failed", err), http.StatusBadRequest)
		return
	}
	attachment(w, "application/octet-stream", s.downloadName(req.Puzzle, ".trace"))
	// A client that stops reading stops the search: its write fails (the
	// search waited in it), and the search would otherwise run on to
	// maxRerun feeding a recorder that writes nothing.
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	dw := newDeadlineWriter(w, time.Now().Add(maxRerun+downloadWriteWait), cancel)
	err = writeTrace(ctx, bufio.NewWriterSize(dw, downloadChunk), nil, req, live, events)
	if ferr := dw.finish(); err == nil {
		err = ferr
	}
	if err != nil {
		s.logf("download this run: %v", err)
	}
}

// holdDownload counts a download or an export against its client's cap,
// then waits for a search slot. It reports false (and has answered) when
// the client is at its cap or went away first; else done gives both back.
func (s *Server) holdDownload(w http.ResponseWriter, r *http.Request) (done func(), ok bool) {
	client := clientAddr(r)
	if !s.addClient(s.downloads, client) {
		httpError(w, r, say("server.too-many-downloads", lang.Args{"Client": client, "Max": s.opt.MaxSessionsPerClient}), http.StatusTooManyRequests)
		s.downloadEnded()
		return nil, false
	}
	if !s.slot(w, r) {
		s.dropClient(s.downloads, client)
		s.downloadEnded()
		return nil, false
	}
	return func() {
		s.slots.release()
		s.dropClient(s.downloads, client)
		s.downloadEnded()
	}, true
}

func (s *Server) downloadEnded() {
	if s.onDownloadEnd != nil {
		s.onDownloadEnd()
	}
}

// recordingSink keeps a live run's events for an export, at most max.
type recordingSink struct {
	level  trace.Level
	events []trace.Event
	max    int
	over   bool
	cancel context.CancelFunc
}

func (s *recordingSink) Level() trace.Level { return s.level }
func (s *recordingSink) Event(e *trace.Event) {
	if len(s.events) >= s.max {
		s.over = true
		s.cancel()
		return
	}
	s.events = append(s.events, e.Clone())
}

// serveExport answers "export this run": the one-file replay.
func (s *Server) serveExport(w http.ResponseWriter, r *http.Request) {
	done, ok := s.holdDownload(w, r)
	if !ok {
		return
	}
	defer done()
	rec, opt := s.opt.Recording, export.Options{}
	if rec != nil {
		if s.lecture != nil {
			l := s.lecture.get()
			opt.Lecture = &l
		}
		opt.TraceName = s.opt.TraceName
	} else {
		var req startRequest
		if rec, req, ok = s.recordLive(w, r, "server.export-failed"); !ok {
			return
		}
		// Its bookmarks download beside the run's own download.
		opt.TraceName = s.downloadName(req.Puzzle, ".trace")
	}
	var page strings.Builder
	if err := export.HTML(&page, rec, opt); err != nil {
		httpError(w, r, sayWrap("server.export-failed", err), http.StatusInternalServerError)
		return
	}
	attachment(w, "text/html; charset=utf-8", s.downloadName(rec.Info.Puzzle, ".html"))
	dw := newDeadlineWriter(w, time.Time{}, nil)
	_, _ = io.WriteString(dw, page.String())
	if err := dw.finish(); err != nil {
		s.logf("export this run: %v", err)
	}
}
