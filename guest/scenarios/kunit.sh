# kunit: the built-in KUnit suites ran during boot (boot with
# kunit.enable=1); their TAP output is on the console for the host to parse.
grep -q . /proc/cmdline
