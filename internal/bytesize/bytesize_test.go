package bytesize

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64 // 0: an error
	}{
		{"512MB", 512e6}, {"2GiB", 2 << 30}, {"1.5gb", 1.5e9}, {"64 KiB", 64 << 10}, {"100B", 100},
		{"512", 0}, {"MB", 0}, {"-1GB", 0}, {"0MB", 0}, {"2 gigs", 0}, {"1e30TB", 0}, {"", 0},
		// Each of these read as 0, which means no limit at all.
		{"nanMB", 0}, {"NaNGiB", 0}, {"0.1B", 0}, {"1e-9kb", 0}, {"infGB", 0}, {"+Inf B", 0}, {"-0B", 0},
		{"1B", 1}, {"0.001kB", 1},
	} {
		got, err := Parse(tc.in)
		if got != tc.want || (err != nil) != (tc.want == 0) {
			t.Errorf("Parse(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
		if err != nil && !strings.Contains(err.Error(), "e.g. 512MB or 2GiB") {
			t.Errorf("Parse(%q): %v does not say how to write a size", tc.in, err)
		}
	}
}

func TestText(t *testing.T) {
	for _, tc := range []struct {
		n    int64
		want string
	}{
		{2 << 30, "2 GiB"}, {512 << 20, "512 MiB"}, {1536 << 20, "1.5 GiB"}, {6171023 << 10, "5.9 GiB"},
		{3 << 40, "3 TiB"}, {1 << 10, "1 KiB"}, {100, "100 B"}, {0, "0 B"},
	} {
		got := Text(tc.n)
		if got != tc.want {
			t.Errorf("Text(%d) = %q, want %q", tc.n, got, tc.want)
		}
		if back, err := Parse(got); tc.n > 0 && (err != nil || back < tc.n*99/100 || back > tc.n*101/100) {
			t.Errorf("Text(%d) = %q reads back as %d, %v", tc.n, got, back, err)
		}
	}
}

func TestSizeFlag(t *testing.T) {
	var s Size
	if err := s.Set("1.5 GiB"); err != nil || s.String() != "1.5GiB" {
		t.Errorf("Set(1.5 GiB): %v, %q; want 1.5GiB", err, s.String())
	}
	if err := s.Set("lots"); err == nil {
		t.Error("Set(lots) took it")
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"512MB", "2 GiB", "1e30TB", "nanMB", "0.001kB"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := Parse(s)
		if err == nil && n < 1 {
			t.Errorf("Parse(%q) = %d with no error", s, n)
		}
	})
}
