package ui

import (
	"crypto/rand"
	"encoding/binary"
	"time"

	"lastpost/archive"
)

// SessionHooks connect the front end to a session of the data folder:
// saves, recordings, high scores and notices.
func SessionHooks(s *archive.Session) Hooks {
	return Hooks{
		NewSeed: RandomSeed, HasSave: s.HasSave, Load: s.Load, Save: s.Save, Started: s.Started,
		Playing: s.Playing, Played: s.Played, Camp: s.Camp, Ended: s.Ended, Notice: s.Notice,
		HighScores: func() []Score {
			table := s.HighScores()
			out := make([]Score, len(table))
			for i, e := range table {
				out[i] = Score{Seed: e.Seed, Deliveries: e.Deliveries, Letters: e.Letters,
					Earned: e.Earned, Kills: e.Kills, Turns: e.Turns, Won: e.Won, Proof: proofOf(s.ProveScore(e))}
			}
			return out
		},
	}
}

// proofOf words a score's proof for the screen.
func proofOf(p archive.ScoreProof) Proof {
	return [...]Proof{archive.ScoreUnrecorded: ProofNone, archive.ScoreProven: ProofProven,
		archive.ScoreUnproven: ProofFailed}[p]
}

// RandomSeed draws a seed for a new run from the system's random source,
// falling back on the clock. Only the front end picks seeds; the game
// takes them, so a run is reproduced from its seed alone.
func RandomSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return uint64(time.Now().UnixNano())
	}
	return binary.LittleEndian.Uint64(b[:])
}
