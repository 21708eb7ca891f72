package archive

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// A framed file is one header line, then the body:
//
//	<magic> <version> <body length> <sha256 of the body, hex>\n<body>
//
// The header is read before anything in the body, so a file from a newer
// version, a file cut short and a damaged file each get their own message.
type frame struct {
	magic   string
	version int
	// oldest is the oldest version still read (0: only version), for a
	// format whose newer version only adds what an older file can lack.
	oldest int
}

// maxHeader bounds the header line; a longer first line is not a header.
const maxHeader = 200

// encode frames body.
func (f frame) encode(body []byte) []byte {
	sum := sha256.Sum256(body)
	header := fmt.Sprintf("%s %d %d %s\n", f.magic, f.version, len(body), hex.EncodeToString(sum[:]))
	return append([]byte(header), body...)
}

// decode checks the header and the checksum and returns the body.
func (f frame) decode(b []byte) ([]byte, error) {
	end := bytes.IndexByte(b[:min(len(b), maxHeader)], '\n')
	if end < 0 {
		return nil, f.noHeader(b)
	}
	fields := strings.Split(string(b[:end]), " ")
	if len(fields) != 4 || fields[0] != f.magic {
		return nil, fmt.Errorf("it has no valid %s header", f.magic)
	}
	version, err := strconv.Atoi(fields[1])
	oldest := f.version
	if f.oldest > 0 {
		oldest = f.oldest
	}
	switch {
	case err != nil || version < 1 || fields[1] != strconv.Itoa(version):
		return nil, fmt.Errorf("its format version %q is not a version number", fields[1])
	case version > f.version:
		return nil, fmt.Errorf("it was written by a newer version of the game (format %d; this one reads up to %d)",
			version, f.version)
	case version < oldest:
		return nil, fmt.Errorf("its format %d is older than any this version reads (%d)", version, oldest)
	}
	size, err := strconv.Atoi(fields[2])
	if err != nil || size < 0 || fields[2] != strconv.Itoa(size) {
		return nil, fmt.Errorf("its header gives a bad body length %q", fields[2])
	}
	want, err := hex.DecodeString(fields[3])
	if err != nil || len(want) != sha256.Size || fields[3] != hex.EncodeToString(want) {
		return nil, fmt.Errorf("its header gives a bad checksum %q", fields[3])
	}
	body := b[end+1:]
	switch {
	case len(body) < size:
		return nil, fmt.Errorf("it is cut short: %d of %d bytes", len(body), size)
	case len(body) > size:
		return nil, fmt.Errorf("it has %d bytes more than its header says", len(body)-size)
	}
	if sum := sha256.Sum256(body); !bytes.Equal(sum[:], want) {
		return nil, fmt.Errorf("it is damaged: its checksum does not match")
	}
	return body, nil
}

// noHeader says why b, with no header line, is not a framed file.
func (f frame) noHeader(b []byte) error {
	switch {
	case len(b) == 0:
		return fmt.Errorf("it is empty")
	case len(b) < maxHeader && (bytes.HasPrefix(b, []byte(f.magic)) || strings.HasPrefix(f.magic, string(b))):
		return fmt.Errorf("it is cut short inside its header (%d bytes)", len(b))
	}
	return fmt.Errorf("it has no %s header", f.magic)
}

// encodeJSON frames v written in JSON.
func (f frame) encodeJSON(v any) ([]byte, error) {
	body, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return f.encode(body), nil
}

// decodeJSON checks b's header and checksum and reads its body into v.
func (f frame) decodeJSON(b []byte, v any) error {
	body, err := f.decode(b)
	if err != nil {
		return err
	}
	if err := decodeStrict(body, v); err != nil {
		return fmt.Errorf("its contents cannot be read: %w", err)
	}
	return nil
}

// decodeStrict reads exactly one JSON value with no unknown fields.
func decodeStrict(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("there is more after the end of the data")
	}
	return nil
}
