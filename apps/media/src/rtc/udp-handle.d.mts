import type { Socket } from 'node:dgram';

export declare const stopReading: (socket: Socket) => void;
export declare const socketFd: (socket: Socket) => number | undefined;
