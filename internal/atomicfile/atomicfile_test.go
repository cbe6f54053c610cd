package atomicfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func writeString(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var n []string
	for _, e := range ents {
		n = append(n, e.Name())
	}
	return n
}

// wantFiles fails when dir does not hold n files: a temporary file left.
func wantFiles(t *testing.T, dir string, n int) {
	t.Helper()
	if got := names(t, dir); len(got) != n {
		t.Errorf("files in the folder: %q, want %d", got, n)
	}
}

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	if err := Write(path, writeString("first")); err != nil {
		t.Fatal(err)
	}
	failed := errors.New("half way")
	if err := Write(path, func(w io.Writer) error { io.WriteString(w, "second, cut"); return failed }); !errors.Is(err, failed) {
		t.Fatalf("a failed write: %v, want its error", err)
	}
	if got := read(t, path); got != "first" {
		t.Errorf("after a failed write the file holds %q, want the old %q", got, "first")
	}
	wantFiles(t, dir, 1) // no temporary file left
}

// TestRefusesWhatIsNotARegularFile: a symbolic link (to a file or to
// nothing), a FIFO and a folder at the path are refused, and what they lead
// to is left alone.
func TestRefusesWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "precious")
	if err := os.WriteFile(target, []byte("keep me"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	dangling := filepath.Join(dir, "dangling")
	fifo := filepath.Join(dir, "fifo")
	folder := filepath.Join(dir, "folder")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "nothing"), dangling); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, says string }{
		{link, "a symbolic link"}, {dangling, "a symbolic link"}, {fifo, "a FIFO"}, {folder, "a folder"},
	} {
		err := Write(tc.path, writeString("overwritten"))
		if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), tc.says) || !strings.Contains(err.Error(), tc.path) {
			t.Errorf("writing over %s: %v, want a refusal naming it and %q", filepath.Base(tc.path), err, tc.says)
		}
	}
	if got := read(t, target); got != "keep me" {
		t.Errorf("the link's target holds %q", got)
	}
	if _, err := os.Lstat(filepath.Join(dir, "nothing")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the dangling link's target was created: %v", err)
	}
}

// TestModes: a new file is 0644 under the umask; a file rewritten keeps
// its mode, whatever the umask.
func TestModes(t *testing.T) {
	for _, tc := range []struct {
		name  string
		umask int
		old   fs.FileMode // 0: no file before
		want  fs.FileMode
	}{
		{"new, umask 022", 0o022, 0, 0o644},
		{"new, umask 077", 0o077, 0, 0o600},
		{"new, umask 002", 0o002, 0, 0o644},
		{"rewritten 0600, umask 022", 0o022, 0o600, 0o600},
		{"rewritten 0664, umask 077", 0o077, 0o664, 0o664},
		{"rewritten 0444", 0o022, 0o444, 0o444},
	} {
		t.Run(tc.name, func(t *testing.T) {
			old := syscall.Umask(tc.umask)
			defer syscall.Umask(old)
			path := filepath.Join(t.TempDir(), "f")
			if tc.old != 0 {
				if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
					t.Fatal(err)
				}
				if err := os.Chmod(path, tc.old); err != nil {
					t.Fatal(err)
				}
			}
			if err := Write(path, writeString("new")); err != nil {
				t.Fatal(err)
			}
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if got := fi.Mode().Perm(); got != tc.want {
				t.Errorf("mode %v, want %v", got, tc.want)
			}
		})
	}
}

// TestStaleTemporaries: the temporaries a killed writer left are removed
// by the next write of the same file; a writer's temporary at work, and
// other files' temporaries, are not.
func TestStaleTemporaries(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.trace.lecture.json")
	for _, n := range []string{".run.trace.lecture.json.tmp123", ".run.trace.lecture.json.tmp4567", ".other.tmp1"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("left by kill -9"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	busy, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := Write(path, writeString("saved")); err != nil {
		t.Fatal(err)
	}
	got := names(t, dir)
	if len(got) != 3 || got[0] != ".other.tmp1" || !strings.HasPrefix(got[1], ".run.trace.lecture.json.tmp") || got[2] != "run.trace.lecture.json" {
		t.Errorf("files after a save: %q, want the other file's temporary, the busy writer's and the file", got)
	}
	io.WriteString(busy, "the busy writer's")
	if err := busy.Commit(); err != nil {
		t.Fatalf("the writer at work lost its temporary: %v", err)
	}
	if got := read(t, path); got != "the busy writer's" {
		t.Errorf("the file holds %q", got)
	}
	wantFiles(t, dir, 2)
}

// TestBackup: with Backup, the file replaced stays as PATH.bak, whole and
// with its mode; the first write of a file makes none.
func TestBackup(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "notes.json")
	keep := Options{Backup: true}
	if err := keep.Write(path, writeString("one")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + ".bak"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a first write made a backup: %v", err)
	}
	os.Chmod(path, 0o640)
	for _, s := range []string{"two", "three"} {
		if err := keep.Write(path, writeString(s)); err != nil {
			t.Fatal(err)
		}
	}
	if got, bak := read(t, path), read(t, path+".bak"); got != "three" || bak != "two" {
		t.Errorf("file %q, backup %q; want three and two", got, bak)
	}
	for _, p := range []string{path, path + ".bak"} {
		if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o640 {
			t.Errorf("%s: mode %v, want 0640 kept", filepath.Base(p), fi.Mode().Perm())
		}
	}
	wantFiles(t, dir, 2) // the file and its backup
}

// TestUnchanged: a write made over a file that changed since its stamp was
// taken is refused and leaves the file as the other writer left it; with
// the stamp of the file committed last it goes through.
func TestUnchanged(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "notes.json")
	none, err := StampOf(path)
	if err != nil || none.Exists() {
		t.Fatalf("stamp of nothing: %v %v", none, err)
	}
	f, err := Options{Unchanged: &none}.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(f, "mine")
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	mine := f.Stamp()
	if now, _ := StampOf(path); !now.Same(mine) {
		t.Fatal("the stamp Commit returns is not the file's")
	}
	// Another writer, which read nothing, comes too late.
	if err := (Options{Unchanged: &none}).Write(path, writeString("theirs")); !errors.Is(err, ErrChanged) {
		t.Fatalf("a write over a file that appeared: %v, want ErrChanged", err)
	}
	// Rewritten in place, same size, another time: changed too.
	later := time.Now().Add(time.Second)
	if err := os.WriteFile(path, []byte("edit"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(path, later, later)
	if err := (Options{Unchanged: &mine}).Write(path, writeString("mine again")); !errors.Is(err, ErrChanged) {
		t.Fatalf("a write over a file edited in place: %v, want ErrChanged", err)
	}
	if got := read(t, path); got != "edit" {
		t.Errorf("the refused write left %q", got)
	}
	now, _ := StampOf(path)
	if err := (Options{Unchanged: &now}).Write(path, writeString("merged")); err != nil {
		t.Fatalf("a write with the current stamp: %v", err)
	}
	wantFiles(t, dir, 1)
}

// TestOpenRegular: a regular file (or a link to one) opens; a FIFO is
// refused at once instead of blocking the reader, and so is a folder.
func TestOpenRegular(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	link := filepath.Join(dir, "link")
	fifo := filepath.Join(dir, "fifo")
	os.WriteFile(file, []byte("x"), 0o644)
	os.Symlink(file, link)
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path string
		ok   bool
	}{{file, true}, {link, true}, {fifo, false}, {dir, false}} {
		f, err := OpenRegular(tc.path)
		if tc.ok != (err == nil) || (!tc.ok && !errors.Is(err, ErrNotRegular)) {
			t.Errorf("OpenRegular(%s): %v", filepath.Base(tc.path), err)
		}
		if f != nil {
			if b, _ := io.ReadAll(f); string(b) != "x" {
				t.Errorf("read %q", b)
			}
			f.Close()
		}
	}
}
