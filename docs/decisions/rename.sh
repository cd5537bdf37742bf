#!/usr/bin/env bash
# (This file is left out of its own rewrite: its comments show the old forms on purpose.)
# Gives decision records their own number form, ADR-NNNN, so "0043" alone never has to be
# guessed between a record, a PostgreSQL migration and a ClickHouse migration.
#
#   docs/decisions/rename.sh            (from anywhere inside the repository)
#
# 1. Renames docs/decisions/NNNN-title.md to ADR-NNNN-title.md (git mv).
# 2. Rewrites citations in every tracked text file: links to a record file, "[NNNN](…)" link
#    texts, "# NNNN." headings, the index's "**NNNN**", "docs/decisions/NNNN", and "record(s)
#    NNNN[, NNNN and NNNN…]" / "formerly NNNN" in prose and comments.
# Migration files are never renamed (the stores record them by name), and a bare number such as
# "migration 0043" is left alone: cite those as "PostgreSQL migration 0043" or "ClickHouse
# migration 0043". Safe to run again: what already reads ADR-NNNN is not touched, so it also
# converts records and citations that arrive later in the old form (e.g. from another branch).
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"

for old in $(git ls-files 'docs/decisions/[0-9][0-9][0-9][0-9]-*.md'); do
  git mv "$old" "docs/decisions/ADR-${old#docs/decisions/}"
done

N='(?<![\w-])(0\d{3})(?![\d_])'
git ls-files -z -- ':!pnpm-lock.yaml' ':!docs/decisions/rename.sh' ':!*.png' ':!*.jpg' ':!*.webp' ':!*.pdf' ':!*.woff2' ':!*.ico' |
  xargs -0 grep -lIZ -E '[0-9]{4}' -- 2>/dev/null |
  xargs -0 -r perl -0pi -e '
    # a link target naming a record file: (0043-title.md), (docs/decisions/0043-title.md)
    s{(?<=[(/`])(0\d{3}-[a-z0-9][a-z0-9-]*\.md)}{ADR-$1}g;
    # its link text: [0043](ADR-0043-…)
    s{\[(0\d{3})\](?=\((?:[^)\s]*/)?ADR-\1-)}{[ADR-$1]}g;
    # a record file'"'"'s heading, and the index'"'"'s bold numbers
    s{^# (0\d{3})\. }{# ADR-$1. }mg if $ARGV =~ m{^docs/decisions/};
    s{\*\*(0\d{3})\*\*}{**ADR-$1**}g if $ARGV eq "docs/decisions/README.md";
    # a path to a record by number: docs/decisions/0043
    s{(?<=decisions/)(0\d{3})(?![\d_])}{ADR-$1}g;
    # prose and comments: record 0043, records 0025–0036 and 0115, formerly 0109
    s{\b(?:[Rr]ecords?|formerly(?:\s+records?)?)(\s+)('"$N"'(?:(?:,\s*|\s+and\s+|\s*(?:–|-)\s*|\s+or\s+)'"$N"')*)}{
      my ($lead, $sp, $list) = ($&, $1, $2);
      (my $word = $lead) =~ s/\s.*//s;
      $word = "" if $word =~ /^[Rr]ecords?$/;
      $list =~ s/'"$N"'/ADR-$1/g;
      ($word eq "" ? "" : "$word$sp") . $list
    }ge;
  '

# A citation of a record that no longer exists as a file (moved to docs/product.md, as the
# index says) cannot be rewritten mechanically: list them for a person to point at the paragraph.
git grep -nIoE 'ADR-0[0-9]{3}-[a-z0-9-]+\.md' -- ':!docs/decisions/rename.sh' |
  while IFS=: read -r file line name; do
    [ -e "docs/decisions/$name" ] || echo "$file:$line cites $name, which is gone: see its entry in docs/decisions/README.md" >&2
  done
exit 0
