#!/usr/bin/env bash
# Regenerates the demo media of the seeded workspace (committed; run only to change them).
# Needs ffmpeg with libx264, libvpx, libopus, libvorbis and drawtext (DejaVu fonts).
set -euo pipefail
cd "$(dirname "$0")"
F=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
label() { echo "drawtext=fontfile=$F:text='$1':fontcolor=white:fontsize=22:box=1:boxcolor=black@0.6:boxborderw=6:x=(w-text_w)/2:y=h-50,format=yuv420p"; }
q=(-hide_banner -loglevel error -y)
ffmpeg "${q[@]}" -f lavfi -i smptebars=size=480x270:rate=25:duration=5 -f lavfi -i sine=frequency=440:duration=5 -vf "$(label 'Reelscope demo 1')" \
  -c:v libx264 -profile:v main -crf 30 -preset veryslow -c:a aac -b:a 64k -movflags +faststart -shortest reelscope-demo-1.mp4
ffmpeg "${q[@]}" -f lavfi -i testsrc2=size=480x270:rate=25:duration=6 -f lavfi -i sine=frequency=660:duration=6 -vf "$(label 'Reelscope demo 2')" \
  -c:v libx264 -profile:v main -crf 32 -preset veryslow -c:a aac -b:a 64k -movflags +faststart -shortest reelscope-demo-2.mp4
ffmpeg "${q[@]}" -f lavfi -i testsrc=size=480x270:rate=25:duration=5 -f lavfi -i sine=frequency=523:duration=5 -vf "$(label 'Reelscope demo 3')" \
  -c:v libvpx-vp9 -b:v 250k -deadline good -cpu-used 4 -c:a libopus -b:a 48k -shortest reelscope-demo-3.webm
ffmpeg "${q[@]}" -f lavfi -i rgbtestsrc=size=480x270:rate=25:duration=4 -f lavfi -i sine=frequency=330:duration=4 -vf "$(label 'Reelscope demo 4')" \
  -c:v libvpx -b:v 250k -auto-alt-ref 0 -c:a libvorbis -q:a 2 -shortest reelscope-demo-4.webm
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
