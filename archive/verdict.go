package archive

import (
	"fmt"
	"io"

	"lastpost/assets"
)

// ProofError is a daily proof that was read but does not hold: its
// commands do not play to what it claims, or it was made with other
// content. -verify tells it from a line that cannot be read (exit 2) by
// this type, and exits 1 as for a recording's desync.
type ProofError struct{ Err error }

// Error says what the proof claims that its commands do not reach.
func (e *ProofError) Error() string { return e.Err.Error() }

// Unwrap gives the verification's own error.
func (e *ProofError) Unwrap() error { return e.Err }

// VerifyPath checks the file at path, a recording or a daily proof line,
// and returns the verdict -verify prints: "ok: …" for a recording that
// replays turn by turn (partial accepts one with no end line) or a proof
// that plays to its claim. Its errors are VerifyFile's for a recording
// (*DesyncError, *IncompleteError, or one naming the line that cannot be
// read), and for a proof a *ProofError or one saying why the line cannot
// be read. The rule traces of a recording go to trace if it is not nil.
func VerifyPath(path string, partial bool, data *assets.Data, trace io.Writer) (string, error) {
	if p, isProof, err := LoadProof(path); isProof {
		if err != nil {
			return "", err
		}
		v, err := VerifyProof(data, p)
		if err != nil {
			return "", &ProofError{Err: err}
		}
		return p.Verdict(v), nil
	}
	v, err := VerifyFile(path, partial, data, trace)
	if err != nil {
		return "", err
	}
	return v.String(), nil
}

// WriteDailyScores writes the daily table of the data folder dir to out, a
// line a day, each checked by replaying its proof, or the line that no
// day has a proof yet. A table that cannot be read is an error, and
// nothing is written.
func WriteDailyScores(dir string, data *assets.Data, out io.Writer) error {
	proofs, err := DailyScores(dir)
	if err != nil {
		return err
	}
	if len(proofs) == 0 {
		_, err := fmt.Fprintln(out, data.Texts.Get(assets.NoticeDailyTableEmpty))
		return err
	}
	fmt.Fprintln(out, data.Texts.Get(assets.NoticeDailyTableHeader))
	for _, p := range proofs {
		verdict := data.Texts.Get(assets.NoticeDailyReplays)
		if _, err := VerifyProof(data, p); err != nil {
			verdict = data.Texts.Format(assets.NoticeDailyNoReplay, "error", err.Error())
		}
		if _, err := fmt.Fprintf(out, "%-10s %10d %8d %7d  %-10s %s\n", p.Day, p.Summary.Deliveries, p.Summary.Earned,
			p.Summary.Turns, p.Summary.Cause, verdict); err != nil {
			return err
		}
	}
	return nil
}
