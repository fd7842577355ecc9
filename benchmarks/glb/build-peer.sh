#!/usr/bin/env bash
# Builds the lifeline-based global load balancer (APGAS for Java and lifelineglb, v0.0.4, from
# their public repositories) into DIR, for `./bench glb` to run beside this project. Nothing of
# it enters the project: sources, Maven repository and jars all stay under DIR.
#
# One change is made to the peer's UTS, so that both programs do the same work per node: the
# published MultiworkerUTS counts the children of a node at the depth limit without computing
# their digests (about 4x less SHA-1 work on a fixed geometric tree, 80% of whose nodes are at the
# limit), where the UTS reference computes every node's digest. With the change, a node at the
# limit is pushed and expanded like any other: digested, counted, and given no children.
# docs/benchmarks.md says the same.
#
# usage: build-peer.sh DIR
#   GLB_APGAS_REPO, GLB_LIFELINE_REPO: where to clone from (a URL or a local repository)
set -euo pipefail
dir="${1:?usage: build-peer.sh DIR}"
apgas_repo="${GLB_APGAS_REPO:-https://github.com/projectwagomu/apgas.git}"
glb_repo="${GLB_LIFELINE_REPO:-https://github.com/projectwagomu/lifelineglb.git}"
tag=v0.0.4
mkdir -p "$dir"
rm -rf "$dir/apgas" "$dir/lifelineglb"
echo "glb peer: cloning $apgas_repo and $glb_repo at $tag into $dir" >&2
git clone -q "$apgas_repo" "$dir/apgas"
git clone -q "$glb_repo" "$dir/lifelineglb"
git -C "$dir/apgas" checkout -q "$tag"
git -C "$dir/lifelineglb" checkout -q "$tag"

uts="$dir/lifelineglb/src/main/java/handist/glb/examples/uts/MultiworkerUTS.java"
# the two places the change touches must each be found exactly once, or the peer changed
for pattern in 'if (d > 1) {' 'exploredNodes += n;'; do
  count=$(grep -cF "$pattern" "$uts" || true)
  if [ "$count" != 1 ]; then
    echo "glb peer: '$pattern' occurs $count times in $uts, expected once: not the source this script knows" >&2
    exit 1
  fi
done
# push children at the depth limit too (with depth 0, so they get none), and stop counting them unhashed
sed -i -e 's/if (d > 1) {/if (d > 0) {/' -e 's/exploredNodes += n;/\/\/ satin bench: counted when expanded/' "$uts"
git -C "$dir/lifelineglb" diff --stat >&2

echo "glb peer: building (Maven repository $dir/m2)" >&2
(cd "$dir/apgas" && mvn -q -B -Dmaven.repo.local="$dir/m2" -DskipTests install)
(cd "$dir/lifelineglb" && mvn -q -B -Dmaven.repo.local="$dir/m2" -DskipTests package)
ls "$dir/lifelineglb/target/lifelineglb-0.0.4.jar" >/dev/null
echo "glb peer: built into $dir/lifelineglb/target" >&2
