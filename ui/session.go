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
		HighScores: func() []Score { return scoresOf(s.HighScores()) },
		ProveScores: func(scores []Score, stop func() bool, report func(int, Proof)) {
			table := make(archive.Scores, len(scores))
			for i, sc := range scores {
				table[i] = sc.entry
			}
			s.ProveScores(table, stop, func(i int, p archive.ScoreProof) { report(i, proofOf(p)) })
		},
		DailyScores: s.DailyScores,
		ProveDaily: func(proofs []archive.Proof, stop func() bool, report func(int, Proof)) {
			s.ProveDaily(proofs, stop, func(i int, p archive.ScoreProof) { report(i, proofOf(p)) })
		},
		Forks:  s.Forks,
		Morgue: s.Morgue,
	}
}

// scoresOf lists the table for the screen, its recordings not yet
// replayed.
func scoresOf(table archive.Scores) []Score {
	out := make([]Score, len(table))
	for i, e := range table {
		out[i] = Score{Seed: e.Seed, Deliveries: e.Deliveries, Letters: e.Letters, Earned: e.Earned,
			Kills: e.Kills, Turns: e.Turns, Won: e.Won, Proof: ProofNone, entry: e}
		if e.Recording != "" {
			out[i].Proof = ProofPending
		}
	}
	return out
}

// proofOf words a score's proof for the screen.
func proofOf(p archive.ScoreProof) Proof {
	switch p {
	case archive.ScoreProven:
		return ProofProven
	case archive.ScoreUnproven:
		return ProofFailed
	case archive.ScoreTooLong:
		return ProofTooLong
	case archive.ScoreStopped:
		return ProofPending
	}
	return ProofNone
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
