import { describe, expect, it } from 'vitest';
import type { WebmInput } from 'werift/nonstandard';
import { AUDIO_GAP_MS, AudioGapFiller, OPUS_SILENCE } from './audio-gap-filler.ts';

const frame = (time: number, isKeyframe = false, data = Buffer.from([1, 2, 3, 4])): WebmInput => ({
  frame: { data, isKeyframe, time },
});

const setup = () => {
  const video: number[] = [];
  const audio: { time: number; silent: boolean }[] = [];
  const filler = new AudioGapFiller(
    (i) => i.frame && video.push(i.frame.time),
    (i) => i.frame && audio.push({ time: i.frame.time, silent: i.frame.data.equals(OPUS_SILENCE) }),
  );
  return { filler, video, audio };
};

describe('AudioGapFiller (the HTTP tier keeps audio going for ffmpeg)', () => {
  it('writes no silence before the first video keyframe, then 20 ms silence frames up to the video time', () => {
    const { filler, video, audio } = setup();
    filler.inputVideo(frame(0));
    expect(audio).toEqual([]);
    filler.inputVideo(frame(100, true));
    filler.inputVideo(frame(200));
    expect(video).toEqual([0, 100, 200]);
    expect(audio.map((a) => a.time)).toEqual([100, 120, 140, 160, 180, 200]);
    expect(audio.every((a) => a.silent)).toBe(true);
  });

  it('stops filling once real audio comes, dropping real frames older than the silence already written', () => {
    const { filler, audio } = setup();
    filler.inputVideo(frame(1000, true));
    filler.inputVideo(frame(1100));
    filler.inputAudio(frame(1050));
    filler.inputAudio(frame(1120));
    filler.inputVideo(frame(1200));
    filler.inputAudio(frame(1140));
    expect(audio.filter((a) => !a.silent).map((a) => a.time)).toEqual([1120, 1140]);
    expect(audio.filter((a) => a.silent).at(-1)?.time).toBe(1100);
  });

  it('fills again when the microphone goes quiet for longer than the gap, from where the audio stopped', () => {
    const { filler, audio } = setup();
    filler.inputVideo(frame(0, true));
    filler.inputAudio(frame(20));
    filler.inputVideo(frame(AUDIO_GAP_MS));
    expect(audio.filter((a) => a.silent)).toHaveLength(1);
    filler.inputVideo(frame(AUDIO_GAP_MS + 100));
    const silent = audio.filter((a) => a.silent).map((a) => a.time);
    expect(silent[1]).toBe(40);
    expect(silent.at(-1)).toBe(AUDIO_GAP_MS + 100);
  });
});
