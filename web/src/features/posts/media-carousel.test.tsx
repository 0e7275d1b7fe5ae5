import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { MediaCarousel, wrapIndex } from './media-carousel';

const media = [
  { id: 1, type: 'image', image: '/a.png', title: 'First' },
  { id: 2, type: 'raw_video', image: '/b.mp4', title: 'Second' },
  { id: 3, type: 'image', image: '/c.png', title: 'Third' },
];

describe('MediaCarousel', () => {
  it('wraps around at both ends', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(5, 0)).toBe(0);
  });

  it('steps forward past the last item to the first, and back from the first to the last', () => {
    renderRoutes([{ path: '/', element: <MediaCarousel media={media} /> }], '/');
    const position = () => screen.getByTestId('carousel-position').textContent;
    expect(position()).toBe('1 / 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next media' }));
    expect(position()).toBe('2 / 3');
    expect(document.querySelector('video')?.getAttribute('src')).toBe('/b.mp4');
    fireEvent.click(screen.getByRole('button', { name: 'Next media' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next media' }));
    expect(position()).toBe('1 / 3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous media' }));
    expect(position()).toBe('3 / 3');
    expect(screen.getByText('Third')).toBeTruthy();
  });

  it('says when a post has no media', () => {
    renderRoutes([{ path: '/', element: <MediaCarousel media={[]} /> }], '/');
    expect(screen.getByText('This post has no media')).toBeTruthy();
  });
});
