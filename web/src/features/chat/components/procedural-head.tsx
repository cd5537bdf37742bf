// The avatar: a head drawn with three.js (no model to download) whose mouth opens with the
// loudness of the reply being played, with idle breathing and blinking.
import { useEffect, useRef, useState } from 'react';
import {
  AmbientLight,
  CapsuleGeometry,
  Color,
  DirectionalLight,
  Group,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  Scene,
  SphereGeometry,
  TorusGeometry,
  WebGLRenderer,
} from 'three';
import styles from './chat.module.css';

function buildHead() {
  const head = new Group();
  const skin = new MeshStandardMaterial({ color: new Color('#e8b894'), roughness: 0.7 });
  const dark = new MeshStandardMaterial({ color: new Color('#2b1d16'), roughness: 0.9 });
  const white = new MeshStandardMaterial({ color: new Color('#f8fafc'), roughness: 0.3 });
  const lips = new MeshStandardMaterial({ color: new Color('#b4534b'), roughness: 0.6 });
  const shirt = new MeshStandardMaterial({ color: new Color('#dc2626'), roughness: 0.8 });

  const skull = new Mesh(new SphereGeometry(1, 48, 48), skin);
  skull.scale.set(0.9, 1.1, 0.95);
  head.add(skull);

  const hair = new Mesh(new SphereGeometry(1.03, 48, 48, 0, Math.PI * 2, 0, Math.PI * 0.45), dark);
  hair.scale.set(0.92, 1.1, 0.98);
  hair.rotation.x = -0.25;
  head.add(hair);

  const eyes = [-0.32, 0.32].map((x) => {
    const eye = new Group();
    const ball = new Mesh(new SphereGeometry(0.14, 24, 24), white);
    const pupil = new Mesh(new SphereGeometry(0.07, 16, 16), dark);
    pupil.position.z = 0.1;
    eye.add(ball, pupil);
    eye.position.set(x, 0.18, 0.8);
    head.add(eye);
    const brow = new Mesh(new CapsuleGeometry(0.03, 0.22, 4, 8), dark);
    brow.rotation.z = Math.PI / 2 + (x < 0 ? -0.12 : 0.12);
    brow.position.set(x, 0.42, 0.86);
    head.add(brow);
    return eye;
  });

  const nose = new Mesh(new SphereGeometry(0.09, 16, 16), skin);
  nose.scale.set(1, 1.3, 1.2);
  nose.position.set(0, -0.05, 0.95);
  head.add(nose);

  // The mouth: a dark opening behind a ring of lips; both stretch vertically with the voice.
  const mouth = new Group();
  const opening = new Mesh(new SphereGeometry(0.2, 24, 16), dark);
  opening.scale.set(1, 0.12, 0.4);
  const lipRing = new Mesh(new TorusGeometry(0.2, 0.04, 12, 32), lips);
  mouth.add(opening, lipRing);
  mouth.position.set(0, -0.42, 0.84);
  head.add(mouth);

  const body = new Mesh(new CapsuleGeometry(0.9, 0.6, 8, 24), shirt);
  body.position.set(0, -1.9, -0.1);
  const neck = new Mesh(new CapsuleGeometry(0.28, 0.3, 6, 16), skin);
  neck.position.set(0, -1.15, -0.05);

  return { head, eyes, mouth, opening, lipRing, body, neck };
}

export function ProceduralHead({ getLevel, speaking }: { getLevel: () => number; speaking: boolean }) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const speakingRef = useRef(speaking);
  speakingRef.current = speaking;

  useEffect(() => {
    const mount = mountRef.current;
    if (!mount) return;
    let renderer: WebGLRenderer;
    try {
      renderer = new WebGLRenderer({ antialias: true, alpha: true });
    } catch (err) {
      console.warn('3D avatar unavailable', err);
      setFailed(true);
      return;
    }
    const scene = new Scene();
    const camera = new PerspectiveCamera(32, 1, 0.1, 50);
    camera.position.set(0, -0.3, 6.2);
    scene.add(new AmbientLight(0xffffff, 1.1));
    const key = new DirectionalLight(0xffffff, 2.2);
    key.position.set(2, 3, 4);
    scene.add(key);

    const parts = buildHead();
    scene.add(parts.head, parts.body, parts.neck);
    renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    mount.appendChild(renderer.domElement);
    renderer.domElement.setAttribute('aria-hidden', 'true');

    const resize = () => {
      const { clientWidth: w, clientHeight: h } = mount;
      renderer.setSize(w, h, false);
      camera.aspect = w / Math.max(1, h);
      camera.updateProjectionMatrix();
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(mount);

    let frame = 0;
    let open = 0;
    let nextBlink = performance.now() + 2500;
    const animate = (now: number) => {
      frame = requestAnimationFrame(animate);
      // Smooth the level so the jaw does not jitter at the analyser's frame rate.
      const target = speakingRef.current ? Math.min(1, getLevel()) : 0;
      open += (target - open) * 0.35;
      parts.opening.scale.y = 0.12 + open * 0.9;
      parts.lipRing.scale.y = 1 + open * 1.6;
      parts.head.rotation.y = Math.sin(now / 2400) * 0.12;
      parts.head.rotation.x = Math.sin(now / 3100) * 0.04 - open * 0.05;
      parts.head.position.y = Math.sin(now / 1700) * 0.02;
      const blinking = now > nextBlink && now < nextBlink + 140;
      if (now > nextBlink + 140) nextBlink = now + 2500 + Math.random() * 3000;
      for (const eye of parts.eyes) eye.scale.y = blinking ? 0.1 : 1;
      renderer.render(scene, camera);
    };
    frame = requestAnimationFrame(animate);

    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      scene.traverse((object) => {
        if (object instanceof Mesh) {
          object.geometry.dispose();
          (object.material as MeshStandardMaterial).dispose();
        }
      });
      renderer.dispose();
      renderer.domElement.remove();
    };
  }, [getLevel]);

  if (failed) {
    return (
      <div className={styles.avatarFailed} role="status" data-testid="avatar-failed">
        3D Model Failed to Load
      </div>
    );
  }
  return <div ref={mountRef} className={styles.avatarCanvas} data-testid="avatar-3d" />;
}
