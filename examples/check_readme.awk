# awk -f check_readme.awk EXAMPLE.cpp... README.md
# Checks that the C++ excerpts in README.md's "For C++ users" section still match the
# example programs: every code line of a ```cpp block there (blank lines, comment-only
# lines and trailing comments aside, leading and trailing spaces ignored) must be a line
# of one of the examples. Prints the lines that are not, and exits 1 if there are any.

function normalize(line) {
  sub(/  \/\/.*$/, "", line)  # a trailing comment (two spaces, then //)
  gsub(/^[ \t]+|[ \t]+$/, "", line)
  return line
}

FILENAME !~ /README\.md$/ {
  known[normalize($0)] = 1
  next
}

/<!-- cpp-users:begin -->/ { in_section = 1; next }
/<!-- cpp-users:end -->/ { in_section = 0; next }
in_section && /^```cpp/ { in_code = 1; next }
in_section && /^```/ { in_code = 0; next }
in_section && in_code {
  line = normalize($0)
  if (line == "" || line ~ /^\/\//) next
  ++checked
  if (!(line in known)) {
    print "README.md:" FNR ": not in examples/: " line
    ++missing
  }
}

END {
  if (checked == 0) {
    print "README.md: no C++ excerpts found between the cpp-users markers"
    exit 1
  }
  if (missing > 0) exit 1
  print checked " excerpt lines match the examples"
}
