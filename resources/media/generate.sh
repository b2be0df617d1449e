#!/usr/bin/env bash
# Regenerates the demo media of the seeded workspace (committed; run only to change them).
# Needs ffmpeg with libx264, libvpx, libopus, libvorbis and drawtext (DejaVu fonts).
set -euo pipefail
cd "$(dirname "$0")"
F=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
# The running time is burned in, so a click on a transcript line visibly lands on its second.
label() { echo "drawtext=fontfile=$F:text='$1  %{pts\\:hms}':fontcolor=white:fontsize=20:box=1:boxcolor=black@0.6:boxborderw=6:x=(w-text_w)/2:y=h-46,format=yuv420p"; }
q=(-hide_banner -loglevel error -y)
# As long as the longest seeded transcript (its last line starts at about 221 s) with room to spare; 5 frames a
# second and a silent track keep each file small. seed.media.test.ts checks every seeded transcript fits.
D=270
quiet="anullsrc=channel_layout=mono:sample_rate=16000,atrim=duration=$D"
ffmpeg "${q[@]}" -f lavfi -i smptebars=size=480x270:rate=5:duration=$D -f lavfi -i "$quiet" -vf "$(label 'Reelscope demo 1')" \
  -c:v libx264 -profile:v main -crf 34 -preset veryslow -g 50 -c:a aac -ac 1 -b:a 16k -movflags +faststart -shortest reelscope-demo-1.mp4
ffmpeg "${q[@]}" -f lavfi -i yuvtestsrc=size=480x270:rate=5:duration=$D -f lavfi -i "$quiet" -vf "$(label 'Reelscope demo 2')" \
  -c:v libx264 -profile:v main -crf 38 -preset veryslow -g 50 -c:a aac -ac 1 -b:a 16k -movflags +faststart -shortest reelscope-demo-2.mp4
ffmpeg "${q[@]}" -f lavfi -i pal75bars=size=480x270:rate=5:duration=$D -f lavfi -i "$quiet" -vf "$(label 'Reelscope demo 3')" \
  -c:v libvpx-vp9 -crf 50 -b:v 0 -deadline good -cpu-used 4 -g 50 -c:a libopus -ac 1 -b:a 12k -shortest reelscope-demo-3.webm
ffmpeg "${q[@]}" -f lavfi -i rgbtestsrc=size=480x270:rate=5:duration=$D -f lavfi -i "$quiet" -vf "$(label 'Reelscope demo 4')" \
  -c:v libvpx -crf 40 -b:v 60k -auto-alt-ref 0 -g 50 -c:a libvorbis -ac 1 -q:a 0 -shortest reelscope-demo-4.webm
if [ "${1:-}" = "--videos-only" ]; then exit 0; fi
mkdir -p thumbs products
cols=(0x1f6feb 0xe36209 0x2da44e 0x8250df 0xbf3989 0x0a7ea4 0xd4a72c 0x57606a 0xcf222e 0x1b7c83 0x6639ba 0x9a6700)
for i in $(seq 1 12); do
  c=${cols[$((i - 1))]}; n=$(printf %02d "$i")
  ffmpeg "${q[@]}" -f lavfi -i "color=c=$c:size=320x180,format=rgb24" -f lavfi -i testsrc2=size=120x90 \
    -filter_complex "[0][1]overlay=x=20:y=45,drawtext=fontfile=$F:text='Reelscope $n':fontcolor=white:fontsize=20:x=155:y=80" \
    -frames:v 1 -q:v 6 "thumbs/thumb-$n.jpg"
  ffmpeg "${q[@]}" -f lavfi -i color=c=white:size=240x240 \
    -vf "drawbox=x=70:y=40:w=100:h=150:color=$c:t=fill,drawbox=x=95:y=20:w=50:h=25:color=0x333333:t=fill,drawtext=fontfile=$F:text='P$n':fontcolor=white:fontsize=28:x=(w-text_w)/2:y=100" \
    -frames:v 1 -q:v 6 "products/product-$n.jpg"
done
