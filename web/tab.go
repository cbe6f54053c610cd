package web

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"net/url"
	"strconv"
	"strings"
	"sync"

	"idaviz/lang"
	"idaviz/web/export"
	"idaviz/web/fold"
)

// maxTabTraceEvents bounds a run's trace downloaded from a tab, which holds
// it in memory (about 12 bytes an event): a page in the browser steps
// through far fewer.
const maxTabTraceEvents = 10_000_000

// A tab served over messages rather than a websocket: viz site's page runs
// the engine compiled to WebAssembly in a Web Worker, and the worker hands
// this the page's messages and posts back what it sends. The session is the
// server's own (the same player, stepping, back, tree, charts, comparison
// and lock-step); only the transport differs, and a download, which the
// server answers over HTTP, comes as a message and goes back as a file.

// Port is a tab's message transport.
type Port struct {
	// In gives the page's messages in order; the tab ends when it is closed.
	In <-chan []byte
	// Send posts a message (JSON text) to the page.
	Send func([]byte) error
	// File hands the page a download: a run's trace or its export.
	File func(name, contentType string, body []byte) error
	// Files are the page's files (as web/static holds them), which a
	// run's export carries.
	Files fs.FS
}

// downloadMsg is the page's "download" message on a Port: what (trace,
// export or gif) and the query its GET /api/trace, /api/export or /api/gif
// would carry.
type downloadMsg struct {
	Type  string `json:"type"`
	What  string `json:"what"`
	Query string `json:"query"`
}

// ServeTab runs one live session over port until ctx ends or port.In is
// closed, then stops its runs. Its page is told the mode "site" (or
// "replay", of opt.Recording: the page's ?trace=). Of opt, Recording,
// TreeLimit, SnapshotInterval, SearchMemory and Logf count; a tab has no
// search slots (it is the only one in its worker); Lang is its page's
// language until the page says another (a lang message).
func ServeTab(ctx context.Context, port Port, opt Options) {
	opt = opt.withDefaults()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var o origin = liveOrigin{memory: opt.SearchMemory, site: true}
	if opt.Recording != nil {
		o = replayOrigin{rec: opt.Recording} // the page's ?trace=
	}
	s := newSession(o, opt.TreeLimit, opt.Logf)
	s.lang.Store(lang.New(opt.Lang))
	s.open(ctx)
	var wg sync.WaitGroup
	wg.Go(func() {
		if err := push(ctx, s, opt.SnapshotInterval, port.Send, nil, nil); err != nil {
			s.logf("posting to the page: %v", err)
			cancel()
		}
	})
	defer wg.Wait()
	defer s.close()
	for {
		var data []byte
		var ok bool
		select {
		case <-ctx.Done():
			return
		case data, ok = <-port.In:
			if !ok {
				return
			}
		}
		if len(data) > maxMessage {
			s.replyErr(say("server.message-too-long", lang.Args{"Max": maxMessage}))
			continue
		}
		var d downloadMsg
		if json.Unmarshal(data, &d) == nil && d.Type == "download" {
			wg.Go(func() { s.download(ctx, d, port, opt) })
			continue
		}
		if err := s.handle(data); err != nil {
			s.replyErr(err)
		}
	}
}

// download runs a live run again for its trace or its export, as GET
// /api/trace and /api/export do, and hands the file to the page.
func (s *session) download(ctx context.Context, d downloadMsg, port Port, opt Options) {
	q, err := url.ParseQuery(strings.TrimPrefix(d.Query, "?"))
	if err != nil {
		s.replyErr(sayWrap("server.download-bad-query", err))
		return
	}
	req, events, err := runRequest(q)
	if err != nil {
		s.replyErr(sayWrap("server.download-failed", err))
		return
	}
	live, err := newLiveSource(ctx, req)
	if err != nil {
		s.replyErr(sayWrap("server.download-failed", err))
		return
	}
	live.memory = opt.SearchMemory
	var (
		name, contentType string
		body              bytes.Buffer
	)
	switch d.What {
	case "trace":
		if events > maxTabTraceEvents {
			err = say("server.tab-trace-too-long", lang.Args{"Max": maxTabTraceEvents})
			break
		}
		name, contentType = liveName(req.Puzzle, ".trace"), "application/octet-stream"
		err = writeTrace(ctx, &body, nil, req, live, events)
	case "export":
		var rec *fold.Recording
		if rec, err = recordRun(ctx, nil, req, live, events); err != nil {
			break
		}
		name, contentType = liveName(req.Puzzle, ".html"), "text/html; charset=utf-8"
		err = export.HTMLWith(&body, port.Files, rec, export.Options{TraceName: liveName(req.Puzzle, ".trace")})
	case "gif":
		var rec *fold.Recording
		if rec, err = recordRun(ctx, nil, req, live, events); err != nil {
			break
		}
		var b []byte
		if b, err = pageGIF(rec, q); err != nil {
			break
		}
		name, contentType = liveName(req.Puzzle, ".gif"), "image/gif"
		body.Write(b)
	default:
		err = say("server.download-what", lang.Args{"What": strconv.Quote(d.What)})
	}
	if err != nil {
		s.replyErr(sayWrap("server.download-failed", err))
		return
	}
	if err := port.File(name, contentType, body.Bytes()); err != nil {
		s.logf("handing the page a file: %v", err)
	}
}
