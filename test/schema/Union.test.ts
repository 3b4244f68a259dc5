import { Entity, denormalize, normalize, schema } from 'rest-slice';
import { deepFreeze } from '../fixtures/deepFreeze';
import { present } from '../helpers/denormalized';

class Image extends Entity {
  id = '';
  kind = 'image';
  url = '';
  pk() {
    return this.id;
  }
  static override key = 'Image';
}

class Video extends Entity {
  id = '';
  kind = 'video';
  seconds = 0;
  pk() {
    return this.id;
  }
  static override key = 'Video';
}

describe('Union', () => {
  const media = new schema.Union({ image: Image, video: Video }, 'kind');

  it('normalizes each item with the schema its attribute names', () => {
    const input = deepFreeze([
      { id: '1', kind: 'image', url: 'a.png' },
      { id: '1', kind: 'video', seconds: 3 },
    ]);
    const { result, entities } = normalize([media], input);
    expect(result).toEqual([
      { id: '1', schema: 'image' },
      { id: '1', schema: 'video' },
    ]);
    expect(entities).toEqual({
      Image: { '1': { id: '1', kind: 'image', url: 'a.png' } },
      Video: { '1': { id: '1', kind: 'video', seconds: 3 } },
    });
  });

  it('denormalizes to instances of the chosen classes', () => {
    const { result, entities } = normalize([media], [
      { id: '1', kind: 'image', url: 'a.png' },
      { id: '2', kind: 'video', seconds: 3 },
    ]);
    const [image, video] = present(denormalize([media], result, entities));
    expect(image).toBeInstanceOf(Image);
    expect((image as Image).url).toBe('a.png');
    expect(video).toBeInstanceOf(Video);
    expect((video as Video).seconds).toBe(3);
  });

  it('takes a function schemaAttribute', () => {
    const byShape = new schema.Union({ image: Image, video: Video }, (value: { seconds?: number }) =>
      value.seconds === undefined ? 'image' : 'video',
    );
    const { result, entities } = normalize(byShape, { id: 'v', seconds: 9 });
    expect(result).toEqual({ id: 'v', schema: 'video' });
    expect(denormalize(byShape, result, entities)).toBeInstanceOf(Video);
  });

  it('keeps an item whose attribute has no mapping as it is', () => {
    const audio = deepFreeze({ id: '3', kind: 'audio' });
    const { result, entities } = normalize(media, audio);
    expect(result).toBe(audio);
    expect(entities).toEqual({});
  });

  it('drops an invalidated member from a list', () => {
    const out = present(
      denormalize([media], [{ id: '1', schema: 'image' }, { id: '2', schema: 'video' }], {
        Image: { '1': null },
        Video: { '2': { id: '2', kind: 'video' } },
      }),
    );
    expect(out).toHaveLength(1);
    expect(out[0]).toBeInstanceOf(Video);
  });

  it('needs a schemaAttribute', () => {
    expect(() => new schema.Union({ image: Image }, undefined as never)).toThrow(
      '[rest-slice] `schema.Union` needs a `schemaAttribute` to choose among its schemas',
    );
  });
});
