import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import type { z } from 'zod';
import type { ProductDetailResponse, ProductInfluencerSchema, ProductVideoSchema } from '../../../shared/http/products.schemas';
import { formatCount } from '../../../shared/rules/formatting';
import { useServices } from '../../app/useServices';
import type { Failure } from '../../lib/httpFailure';
import { toFailure } from '../../lib/httpFailure';
import { PageHeader } from '../../ui/page';
import { VideoPopup } from '../videos/popup';
import { AddProductModal } from './AddProductModal';
import { ProductNote } from './ProductNote';
import { productIdentityAtom } from './productList.atoms';
import { mediaUrl } from './media';
import { fetchProductDetail } from './products.api';
import './products.css';

type ProductVideo = z.infer<typeof ProductVideoSchema>;
type ProductInfluencer = z.infer<typeof ProductInfluencerSchema>;
type Loaded = { phase: 'loading' } | { phase: 'success'; body: ProductDetailResponse } | ({ phase: 'failure' } & Failure);

/** Product detail (spec §3): pictures, names, trending and recent videos, trending and popular creators, note, edit. */
export function ProductDetailScreen() {
  const { id = '' } = useParams();
  const { api, backend } = useServices();
  const who = useAtomValue(productIdentityAtom);
  const navigate = useNavigate();
  const [answer, setAnswer] = useState<{ key: string; state: Loaded } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [openVideo, setOpenVideo] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const key = `${id}:${attempt}`;

  useEffect(() => {
    if (!who) return;
    let live = true;
    fetchProductDetail(api.main, who, id).then(
      (response) => { if (live) setAnswer({ key, state: { phase: 'success', body: response.data } }); },
      (error: unknown) => { if (live) setAnswer({ key, state: { phase: 'failure', ...toFailure(error) } }); },
    );
    return () => { live = false; };
  }, [api.main, who, id, key]);
  const state: Loaded = answer?.key === key ? answer.state : { phase: 'loading' };
  const load = () => setAttempt((n) => n + 1);

  if (state.phase !== 'success') {
    return (
      <div className="page">
        <PageHeader title="Product" />
        {state.phase === 'loading' ? (
          <div className="videos-loading" role="status"><span className="spinner" aria-hidden="true" /> Loading the product…</div>
        ) : (
          <div className="form-alert form-alert--error" role="alert">
            <span>Could not load the product: {state.error}</span>{' '}
            <button type="button" className="btn btn--small" onClick={load}>Try again</button>
          </div>
        )}
      </div>
    );
  }
  const { product, pictures, videos, influencers, names } = state.body;
  const own = !product.is_competitor;

  return (
    <div className="page product-detail" data-testid="product-detail">
      <PageHeader
        title={product.name}
        description={`${product.manufacturerName} · ${product.category}${product.trending ? ' · Trending' : ''}`}
        actions={
          <>
            <Link className="btn" to="/products">Back to products</Link>
            {own && <button type="button" className="btn btn--primary" onClick={() => setEditing(true)}>Edit product</button>}
          </>
        }
      />
      <div className="videos-toolbar">
        <label className="videos-toolbar__field">
          <span>Product</span>
          <select className="select" value={product._id} onChange={(event) => void navigate(`/products/${event.target.value}`)}>
            {names.map((entry) => <option key={entry._id} value={entry._id}>{entry.name}</option>)}
          </select>
        </label>
      </div>
      {product.description !== '' && <p><bdi>{product.description}</bdi></p>}
      <p className="product-muted">
        <bdi>{Math.round(product.sentiment * 100)}% positive · {product.video_reviews.toLocaleString('en-US')} video reviews · price {product.price.toFixed(2)}</bdi>
      </p>
      <section aria-label="Pictures" className="product-detail__pictures">
        {pictures.length === 0 ? <p className="product-muted">No pictures yet.</p> : pictures.map((src) => (
          <img key={src} src={mediaUrl(backend.origin, src) ?? ''} alt={product.name} />
        ))}
      </section>
      <div className="product-detail__grid">
        <VideoCard title="Trending videos" videos={videos.trending} onOpen={setOpenVideo} />
        <VideoCard title="Recent videos" videos={videos.recent} onOpen={setOpenVideo} />
        <CreatorCard title="Trending creators" creators={influencers.trending} />
        <CreatorCard title="Popular creators" creators={influencers.popular} />
      </div>
      <ProductNote productId={product._id} />
      {openVideo && <VideoPopup videoId={openVideo} onClose={() => setOpenVideo(null)} />}
      {editing && (
        <AddProductModal
          product={product}
          onClose={(saved) => {
            setEditing(false);
            if (saved) setAnswer({ key, state: { phase: 'success', body: saved } });
          }}
        />
      )}
    </div>
  );
}

function VideoCard({ title, videos, onOpen }: { title: string; videos: readonly ProductVideo[]; onOpen: (id: string) => void }) {
  return (
    <section className="product-card" aria-label={title}>
      <h2>{title}</h2>
      {videos.length === 0 ? <p className="product-muted">No videos yet.</p> : (
        <ul>
          {videos.map((video) => (
            <li key={video._id}>
              <button type="button" className="link-button" onClick={() => onOpen(video._id)}><bdi>{video.title}</bdi></button>
              <span className="product-muted"><bdi>{formatCount(video.views)} views</bdi></span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CreatorCard({ title, creators }: { title: string; creators: readonly ProductInfluencer[] }) {
  return (
    <section className="product-card" aria-label={title}>
      <h2>{title}</h2>
      {creators.length === 0 ? <p className="product-muted">No creators yet.</p> : (
        <ul>
          {creators.map((creator) => (
            <li key={creator._id}>
              <Link to={`/creators/${creator._id}`}><bdi>{creator.name}</bdi></Link>
              <span className="product-muted"><bdi>{formatCount(creator.subscribers)} subscribers · {creator.videos} video{creator.videos === 1 ? '' : 's'}</bdi></span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
